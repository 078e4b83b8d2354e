import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import type { HandleErrorFunction } from "@remix-run/node";
import { NonceContext } from "./components/nonce";
import { logger } from "./lib/log.server";
import { i18nServer } from "./i18n.server";
import { i18nConfig } from "./lib/i18n";

const ABORT_DELAY = 5_000;

/**
 * One i18next instance per language, made once: all texts are bundled (one namespace) and an
 * instance never changes its language, so requests can share it.
 */
const instances = new Map<string, ReturnType<typeof makeInstance>>();

async function makeInstance(lng: string) {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18nConfig, lng });
  return instance;
}

function i18nFor(lng: string) {
  let instance = instances.get(lng);
  if (!instance) {
    instance = makeInstance(lng);
    if (instances.size < 10) instances.set(lng, instance);
  }
  return instance;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  const instance = await i18nFor(await i18nServer.getLocale(request));

  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: didError ? 500 : responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          didError = true;
          logger.error({ err: error, requestId: (loadContext as { requestId?: string }).requestId }, "render failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Errors of loaders and actions, logged with the request's id (aborted requests are not errors). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error, requestId: (context as { requestId?: string }).requestId, url: request.url.slice(0, 300) }, "request failed");
};
