import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";

export type Mail = { to: string; subject: string; text: string; replyTo?: string };

/** A mail could not be handed to the mail server (or written to the outbox). */
export class MailError extends Error {}

let transport: Transporter | undefined;

function smtpTransport(url: string) {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/**
 * Sends a mail by SMTP when SMTP_URL is set; otherwise writes it as JSON to the local
 * outbox folder (data/outbox) and logs it, so that the embedded default works offline.
 */
export async function sendMail(mail: Mail): Promise<void> {
  try {
    await deliver(mail);
  } catch (error) {
    throw new MailError(`mail to ${mail.to} not sent: ${(error as Error).message}`);
  }
}

async function deliver(mail: Mail): Promise<void> {
  const { smtpUrl, mailFrom, outboxDir } = config();
  if (smtpUrl) {
    await smtpTransport(smtpUrl).sendMail({ from: mailFrom, ...mail });
    return;
  }
  await mkdir(outboxDir, { recursive: true });
  const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.hrtime.bigint()}.json`);
  await writeFile(file, JSON.stringify({ from: mailFrom, ...mail, date: new Date().toISOString() }, null, 2));
  console.log(`[mail] to ${mail.to}: ${mail.subject} (outbox: ${file})\n${mail.text}`);
}
