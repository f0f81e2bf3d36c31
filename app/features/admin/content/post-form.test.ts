import { describe, expect, it } from "vitest";
import type { ContentEntryDetail } from "@shared/api/content-api";
import { ALT_REQUIRED, BODY_REQUIRED, SCHEDULE_FAR_MESSAGE, SCHEDULE_PAST_MESSAGE, slugFromTitle } from "@shared/schemas/content";
import {
  PUBLISH_AT_REQUIRED,
  draftOf,
  everPublished,
  formFieldOf,
  formValuesOf,
  localDateTime,
  postFormSchema,
  publishProblems,
  scheduleTime,
  slugFollowsTitle,
  slugWasEdited,
  tagsFromText,
} from "./post-form";

const entry = (overrides: Partial<ContentEntryDetail> = {}): ContentEntryDetail => ({
  id: "7d9f5a52-1b7e-4c59-9a51-0c2f3f1b2a01",
  status: "draft",
  title: "Answering every call",
  slug: "answering-every-call",
  publishedSlug: null,
  publishAt: null,
  firstPublishedAt: null,
  updatedAt: "2026-11-26T15:42:00.000Z",
  version: 3,
  authorName: "Erin Editor",
  updatedByName: "Erin Editor",
  closedAt: null,
  draft: { title: "Answering every call", slug: "answering-every-call", summary: "", body: "Words.", cover: null, tags: ["ai", "law"], authorUserId: "u-erin" },
  ...overrides,
});

describe("when the slug follows the title", () => {
  it("follows it on a new post, stops once the slug is edited, and never moves once the post was published", () => {
    expect(slugFollowsTitle({ slugEdited: false, everPublished: false })).toBe(true);
    expect(slugFollowsTitle({ slugEdited: true, everPublished: false })).toBe(false);
    expect(slugFollowsTitle({ slugEdited: false, everPublished: true })).toBe(false);
  });

  it("keeps following a saved draft whose slug is still its title's, and not one given a slug by hand", () => {
    expect(slugWasEdited({ title: "Answering every call", slug: "answering-every-call" })).toBe(false);
    expect(slugWasEdited({ title: "Answering every call", slug: "every-call" })).toBe(true);
    expect(slugWasEdited({ title: "", slug: "" })).toBe(false);
  });

  it("counts a post as published once it ever went live, unpublished since or not", () => {
    expect(everPublished(null)).toBe(false);
    expect(everPublished(entry())).toBe(false);
    expect(everPublished(entry({ status: "published", publishedSlug: "answering-every-call", firstPublishedAt: "2026-11-20T09:00:00.000Z" }))).toBe(true);
    expect(everPublished(entry({ status: "draft", firstPublishedAt: "2026-11-20T09:00:00.000Z" }))).toBe(true);
  });
});

describe("the form's values and the draft they are", () => {
  it("turns the Tags text into tags of the tag rule: folded, hyphenated, lower-case, each once", () => {
    expect(tagsFromText("AI, Customer Service , ai,, Café  Owners")).toEqual(["ai", "customer-service", "cafe-owners"]);
    expect(tagsFromText(" , ")).toEqual([]);
  });

  it("refuses tags the rule cannot take, with the shared message, under Tags", () => {
    const tooMany = postFormSchema.safeParse({ ...formValuesOf(null, "u1"), title: "T", slug: "t", tags: "a,b,c,d,e,f,g,h,i" });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["tags", "At most 8 tags"]]);
    const tooLong = postFormSchema.safeParse({ ...formValuesOf(null, "u1"), title: "T", slug: "t", tags: "x".repeat(33) });
    expect(tooLong.error?.issues[0]?.message).toBe("A tag is at most 32 characters");
  });

  it("bylines a new post to the signed-in person, and a saved one to its author", () => {
    expect(formValuesOf(null, "u-me").authorUserId).toBe("u-me");
    expect(formValuesOf(entry(), "u-me")).toMatchObject({ authorUserId: "u-erin", tags: "ai, law", body: "Words." });
    expect(draftOf(formValuesOf(entry(), "u-me"))).toEqual({ title: "Answering every call", slug: "answering-every-call", summary: "", body: "Words.", tags: ["ai", "law"], authorUserId: "u-erin", cover: null });
  });

  it("asks only for a body to publish, and alt text when there is a cover", () => {
    const values = { ...formValuesOf(null, "0b7c3f8e-4a1d-4f2b-9c3e-5d6a7b8c9d0e"), title: "Only a title", slug: slugFromTitle("Only a title") };
    expect(publishProblems(values)).toEqual({ body: BODY_REQUIRED });
    expect(publishProblems({ ...values, body: "Words." })).toEqual({});
    expect(publishProblems({ ...values, body: "Words.", cover: { imageId: "5c1f0d7e-2d7c-4a55-8f0e-6b1f5e1c9a10", alt: "  " } })).toEqual({ "cover.alt": ALT_REQUIRED });
  });
});

describe("Publish at", () => {
  const now = new Date(2026, 10, 26, 15, 0);

  it("sends the local time typed as an ISO instant", () => {
    const result = scheduleTime("2026-11-27T09:30", now);
    expect(result).toEqual({ ok: true, iso: new Date(2026, 10, 27, 9, 30).toISOString() });
    expect(localDateTime(new Date(2026, 10, 27, 9, 30).toISOString())).toBe("2026-11-27T09:30");
  });

  it("says what is wrong with an empty, past or far time", () => {
    expect(scheduleTime("", now)).toEqual({ ok: false, message: PUBLISH_AT_REQUIRED });
    expect(scheduleTime("2026-11-26T15:00", now)).toEqual({ ok: false, message: SCHEDULE_PAST_MESSAGE });
    expect(scheduleTime("2028-01-01T00:00", now)).toEqual({ ok: false, message: SCHEDULE_FAR_MESSAGE });
  });
});

describe("the server's field messages", () => {
  it("go under the form's field of the same name, the cover's alt text under Alt text, anything else at the top", () => {
    expect(["title", "slug", "summary", "body", "tags", "cover.alt", "publishAt", "authorUserId"].map(formFieldOf)).toEqual([
      "title",
      "slug",
      "summary",
      "body",
      "tags",
      "cover.alt",
      "publishAt",
      "authorUserId",
    ]);
    expect(formFieldOf("draft.title")).toBe("title");
    expect(formFieldOf("tags.2")).toBe("tags");
    expect(formFieldOf("cover.imageId")).toBeNull();
    expect(formFieldOf("draft")).toBeNull();
    expect(formFieldOf("baseVersion")).toBeNull();
  });
});
