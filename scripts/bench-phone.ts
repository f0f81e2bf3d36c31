// The slow phone every benchmark here emulates in Chromium, in one place so that their figures
// compare: Lighthouse's mobile profile, the numbers read from the installed Lighthouse (12.8.2:
// config/constants.js, whose throttling.mobileSlow4G comes from its Lantern constants), applied
// through the DevTools protocol on each page's CDP session.
//
//   network "devtools"  what `lighthouse --throttling-method=devtools` sends: latency 562.5 ms per
//     request, 1474.56 Kbps down, 675 Kbps up. mobileSlow4G is a 150 ms round trip and 1.6 Mbps
//     (1638.4 Kbps) down; Chrome's request-level throttling does not model connection set-up or
//     TCP slow start, so Lighthouse sends requestLatencyMs = 150 x 3.75 and throughput x 0.9
//     (DEVTOOLS_RTT_ADJUSTMENT_FACTOR, DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR). bench:interactions.
//   network "raw"  150 ms, 1638.4 Kbps down, 750 Kbps up given to Chrome unadjusted (lighter: each
//     request waits 150 ms rather than 562.5 ms). bench-page-start, and bench:interactions with
//     BI_NETWORK=raw: the "Phone" figures of docs/performance.md.
//   CPU  4x slower (cpuSlowdownMultiplier). bench-startup-cpu uses it alone.
//   Screen  412x823 at 1.75x, mobile, touch (screenEmulationMetrics.mobile), with Lighthouse's
//     Moto G Power user agent (userAgents.mobile).
// Kbps become bytes per second as Lighthouse's lib/emulation.js converts them, floor(Kbps x 1024 / 8):
// 188743 and 86400 B/s (devtools), 209715 and 96000 B/s (raw).
import * as lighthouseConstants from "lighthouse/core/config/constants.js";
import type { BrowserContextOptions, CDPSession } from "playwright-core";

const { throttling, screenEmulationMetrics, userAgents } = lighthouseConstants;
const slow4G = throttling.mobileSlow4G;

export type PhoneNetwork = { label: string; latencyMs: number; downKbps: number; upKbps: number };

export const phoneNetworks = {
  devtools: {
    label: "Lighthouse devtools",
    latencyMs: slow4G.requestLatencyMs,
    downKbps: slow4G.downloadThroughputKbps,
    upKbps: slow4G.uploadThroughputKbps,
  },
  raw: { label: "raw", latencyMs: slow4G.rttMs, downKbps: slow4G.throughputKbps, upKbps: 750 },
} satisfies Record<string, PhoneNetwork>;

/** How many times slower the phone's CPU is than this machine's. */
export const phoneCpuSlowdown: number = slow4G.cpuSlowdownMultiplier;

const screen: { width: number; height: number; deviceScaleFactor: number; mobile: boolean } = screenEmulationMetrics.mobile;

/** A Playwright browser context that looks like the phone (a fresh one per load: empty cache). */
export const phoneContextOptions = {
  viewport: { width: screen.width, height: screen.height },
  deviceScaleFactor: screen.deviceScaleFactor,
  isMobile: screen.mobile,
  hasTouch: true,
  userAgent: userAgents.mobile,
} satisfies BrowserContextOptions;

/** Network.emulateNetworkConditions' parameters for `network`. */
export const networkConditions = (network: PhoneNetwork) => ({
  offline: false,
  latency: network.latencyMs,
  downloadThroughput: Math.floor((network.downKbps * 1024) / 8),
  uploadThroughput: Math.floor((network.upKbps * 1024) / 8),
});

/** Slows the page of `cdp` to the phone: its network (none: this machine's) and its CPU. */
export async function throttlePhone(cdp: CDPSession, network: PhoneNetwork | null) {
  await cdp.send("Network.enable");
  if (network) await cdp.send("Network.emulateNetworkConditions", networkConditions(network));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: phoneCpuSlowdown });
}

/** One line for a benchmark's header: what it throttled to. */
export function describePhone(network: PhoneNetwork | null): string {
  let net = "network unthrottled";
  if (network) {
    const { downloadThroughput: down, uploadThroughput: up } = networkConditions(network);
    net = `network (${network.label}): latency ${network.latencyMs} ms, down ${network.downKbps.toFixed(2)} Kbps (${down} B/s), up ${network.upKbps.toFixed(2)} Kbps (${up} B/s)`;
  }
  return `${net}; CPU ${phoneCpuSlowdown}x; ${screen.width}x${screen.height} @${screen.deviceScaleFactor}, touch`;
}
