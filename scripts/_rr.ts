import { bergerTable } from "~/tournament/roundRobin";
for (const n of [4, 6, 8, 5]) { console.log(n); for (const r of bergerTable(n)) console.log(" ", r.round, r.pairings.map(p => `${p.white}-${p.black}`).join(" "), r.bye ?? ""); }
