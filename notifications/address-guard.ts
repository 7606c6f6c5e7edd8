/**
 * Refuses a webhook address that resolves to a private, loopback,
 * link-local or otherwise internal address, so that a URL in a survey file
 * cannot make the worker call the database, the metadata service or the
 * team's network. `allowLoopback` (OUTBOX_ALLOW_LOOPBACK=1, for local
 * tests only) lets 127.0.0.0/8 and ::1 through, nothing else.
 * The check resolves the name before the request; a name that changes its
 * answer between the check and the request (DNS rebinding) is not covered.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8], [0x0a000000, 8], [0x64400000, 10], [0xa9fe0000, 16], [0xac100000, 12],
  [0xc0000000, 24], [0xc0a80000, 16], [0xc6120000, 15], [0xe0000000, 4], [0xf0000000, 4],
];

const v4Number = (address: string) => address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
const inRange = (n: number, [base, bits]: [number, number]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));
const isLoopback = (address: string) => (isIP(address) === 4 ? address.startsWith("127.") : address === "::1" || address === "::ffff:127.0.0.1");

function isInternal(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith("127.") || PRIVATE_V4.some((range) => inRange(v4Number(address), range));
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(?:([\d.]+)|([\da-f]{1,4}):([\da-f]{1,4}))$/.exec(lower);
  if (mapped) return isInternal(mapped[1] ?? [mapped[2]!, mapped[3]!].flatMap((word) => [parseInt(word, 16) >> 8, parseInt(word, 16) & 255]).join("."));
  return lower === "::" || lower === "::1" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith("ff");
}

/** The host of `url` and the internal address it resolves to when it may not be called; null when it may. */
export async function refusedAddress(url: string, allowLoopback: boolean): Promise<{ host: string; address: string } | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map(({ address }) => address);
  const refused = addresses.find((address) => isInternal(address) && !(allowLoopback && isLoopback(address)));
  return refused ? { host, address: refused } : null;
}
