import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderShareCard, SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from "./share-card";

const footer = "AgentDesk · agentdesk.example/blog";
const sentence = "How a regional insurance broker answered every after-hours call for a year without a night shift. ";

/** The card's pixels between two heights (raw RGBA), to compare parts of two cards. */
async function band(png: Buffer, top: number, bottom: number): Promise<Buffer> {
  return sharp(png).extract({ left: 0, top, width: SHARE_CARD_WIDTH, height: bottom - top }).ensureAlpha().raw().toBuffer();
}

describe("renderShareCard", () => {
  it("draws a 1200x630 PNG for a short title", async () => {
    const png = await renderShareCard({ title: "Hello", kicker: "Blog", footer });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT]);
    // Something is drawn: the title's dark text, not only the white background.
    const { channels } = await sharp(png).stats();
    expect(channels[0]!.min).toBeLessThan(40);
  });

  it("wraps a very long title and cuts it after three lines: the footer and kicker stay where they are", async () => {
    const short = await renderShareCard({ title: "Hello", kicker: "Blog", footer });
    const long = await renderShareCard({ title: sentence.repeat(3), kicker: "Blog", footer });
    const longer = await renderShareCard({ title: sentence.repeat(30) + "x".repeat(5000), kicker: "Blog", footer });

    for (const png of [long, longer]) {
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT]);
      expect((await band(png, 470, SHARE_CARD_HEIGHT)).equals(await band(short, 470, SHARE_CARD_HEIGHT))).toBe(true);
      expect((await band(png, 0, 150)).equals(await band(short, 0, 150))).toBe(true);
    }
    // Past the third line nothing more shows: the two long titles draw the same card.
    expect(longer.equals(long)).toBe(true);
  });
});
