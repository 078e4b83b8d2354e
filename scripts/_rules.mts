import { readFileSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { readTrf, writeTrf, pointsOf } from "~/tournament/trf";
import { pairDutch } from "~/tournament/dutch";
import { dutchInputFromTrf, nextRoundOf, pairingListing } from "~/tournament/trfPairing";
import { seededRandom } from "~/tournament/trfGenerate";

const [from, to, variantArg] = process.argv.slice(2);
const variants = variantArg ? variantArg.split(",") : ["forbidden", "absent", "acc250", "baku", "points", "xxp"];
let same = 0, differ = 0, errors = 0;
for (let seed = Number(from); seed <= Number(to); seed++) {
  let text: string;
  try { text = readFileSync(`/tmp/cmp/t${seed}.trf`, "utf8"); } catch { continue; }
  const base = readTrf(text);
  if (!base.ok) continue;
  const total = Math.max(...base.value.players.map((p) => p.rounds.length));
  if (base.value.players.length > 120) continue;
  for (const variant of variants) {
    const random = seededRandom(seed * 31 + variant.length);
    const k = Math.floor(random() * total); // rounds kept
    const file = readTrf(text);
    if (!file.ok) continue;
    const f = file.value;
    const n = f.players.length;
    for (const p of f.players) p.rounds = p.rounds.slice(0, k);
    const pick = () => 1 + Math.floor(random() * n);
    const pad = (v: number, w = 4) => String(v).padStart(w);
    const extra: string[] = [`142 ${total}`, ...(k === 0 ? ["152 W"] : [])];
    if (variant === "forbidden") for (let g = 0; g < 4; g++) extra.push(`260 ${pad(1, 3)} ${pad(total, 3)} ${[pick(), pick(), pick()].filter((v, i, a) => a.indexOf(v) === i).map((v) => pad(v)).join(" ")}`);
    if (variant === "xxp") for (let g = 0; g < 3; g++) extra.push(`XXP ${[pick(), pick()].filter((v, i, a) => a.indexOf(v) === i).join(" ")}`);
    if (variant === "absent") extra.push(`240 H ${pad(k + 1, 3)} ${[pick(), pick(), pick()].filter((v, i, a) => a.indexOf(v) === i).map((v) => pad(v)).join(" ")}`);
    if (variant === "acc250") { extra.push(`250      ${"1.0".padStart(4)} ${pad(1, 3)} ${pad(Math.ceil(total / 2), 3)} ${pad(1)} ${pad(Math.ceil(n / 2))}`); extra.push(`250      ${"0.5".padStart(4)} ${pad(2, 3)} ${pad(3, 3)} ${pad(Math.ceil(n / 2) + 1)} ${pad(Math.ceil(n * 3 / 4))}`); }
    if (variant === "baku") extra.push("192 FIDE_DUTCH_2025_BAKU");
    if (variant === "points") extra.push("162  W 3.0    D 1.0    L 0.0    Z 0.0");
    f.lines = [...f.lines.filter((l) => l.code !== "092" && l.code !== "XXR" && l.code !== "142"), ...extra.map((t) => ({ code: t.slice(0, 3), text: t }))];
    f.playersAt = 1;
    const reread = readTrf(writeTrf(f));
    if (!reread.ok) { console.log(`t${seed} ${variant}: our reader: ${JSON.stringify(reread.errors)}`); errors++; continue; }
    for (const p of reread.value.players) p.points = p.rounds.reduce((s, r) => s + pointsOf(r.result, reread.value.rules.points), 0);
    const out = writeTrf(reread.value);
    const name = `/tmp/cmp/rules/t${seed}-${variant}.trf`;
    writeFileSync(name, out);
    let bbp: string;
    try { bbp = execFileSync("/tmp/bbp/bbpPairings.exe", ["--dutch", name, "-p"], { encoding: "utf8" }); } catch (e) { bbp = `error ${(e as { status: number }).status}`; }
    const again = readTrf(out);
    if (!again.ok) continue;
    const round = nextRoundOf(again.value);
    const result = pairDutch(dutchInputFromTrf(again.value, round));
    const ours = result.ok ? pairingListing(result.value) : `error 1`;
    if (ours.replace(/\r/g, "") === bbp.replace(/\r/g, "")) same++;
    else { differ++; console.log(`${name} round ${round}: ours ${ours.split("\n").slice(0, 1)} bbp ${bbp.split("\n").slice(0, 1)}`); }
  }
}
console.log(`same ${same}, differ ${differ}, errors ${errors}`);
