import * as React from "react";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { cn } from "~/lib/cn";
import {
  HEADING_ID_PREFIX,
  isAllowedHref,
  isAllowedImageSrc,
  isRichTextElement,
  type RichTextElement,
  type RichTextTree,
} from "@shared/content/rich-text-rules";

/**
 * Draws a rich-text body from the tree `toRenderable` made on the server (shared/content/
 * rich-text.ts, docs/decisions/0901). Only the tree's data comes to the browser: this module
 * imports the rules, never the Markdoc parser.
 *
 * The tree may have crossed the network or a cache, so it is read as untrusted: each element name
 * maps to one element or component here (an allow-list), each element takes only its own
 * attributes, links and images are checked again, and anything else shows its text or nothing.
 * Text is always text: React escapes it.
 *
 * Typography for reading: 18 px body text on 32 px lines, a measure of about 65 characters, a
 * heading scale below the page's h1, spaced lists and quotes.
 */
export function RichText({ tree, className }: { tree: RichTextTree; className?: string }) {
  return <div className={cn("max-w-[65ch] text-lg leading-8 text-foreground", className)}>{renderNodes(tree)}</div>;
}

/** A short text (an FAQ answer) in its container's own type: the same elements, none of the reading typography. */
export function RichTextBody({ tree }: { tree: RichTextTree }) {
  return <>{renderNodes(tree)}</>;
}

function renderNodes(nodes: readonly unknown[]): React.ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index));
}

function renderNode(node: unknown, key: number): React.ReactNode {
  if (typeof node === "string") return node;
  if (isRichTextElement(node)) return renderElement(node, key);
  // An element this renderer does not know shows its text, as toRenderable does.
  if (isUnknownElement(node)) return <React.Fragment key={key}>{renderNodes(node.children)}</React.Fragment>;
  return null;
}

function isUnknownElement(node: unknown): node is { children: unknown[] } {
  return typeof node === "object" && node !== null && "$$mdtype" in node && node.$$mdtype === "Tag" && "children" in node && Array.isArray(node.children);
}

const headingClass = "scroll-mt-20 first:mt-0 text-pretty";

function renderElement(element: RichTextElement, key: number): React.ReactNode {
  const children = renderNodes(element.children);
  const { attributes } = element;
  switch (element.name) {
    case "p":
      return (
        <p key={key} className="mt-5 first:mt-0">
          {children}
        </p>
      );
    case "h2":
      return (
        <h2 key={key} id={headingId(attributes.id)} className={cn(headingClass, "mt-12 mb-4 text-2xl font-bold tracking-tight sm:text-3xl")}>
          {children}
        </h2>
      );
    case "h3":
      return (
        <h3 key={key} id={headingId(attributes.id)} className={cn(headingClass, "mt-10 mb-3 text-xl font-semibold tracking-tight sm:text-2xl")}>
          {children}
        </h3>
      );
    case "h4":
      return (
        <h4 key={key} id={headingId(attributes.id)} className={cn(headingClass, "mt-8 mb-2 text-lg font-semibold")}>
          {children}
        </h4>
      );
    case "ul":
      return (
        <ul key={key} className="mt-5 list-disc space-y-2 pl-6 first:mt-0 marker:text-muted-foreground">
          {children}
        </ul>
      );
    case "ol": {
      const start = attributes.start;
      return (
        <ol key={key} start={typeof start === "number" && Number.isInteger(start) && start > 1 ? start : undefined} className="mt-5 list-decimal space-y-2 pl-6 first:mt-0 marker:text-muted-foreground">
          {children}
        </ol>
      );
    }
    case "li":
      return (
        <li key={key} className="pl-1">
          {children}
        </li>
      );
    case "blockquote":
      return (
        <blockquote key={key} className="my-8 border-l-4 border-primary pl-5 text-xl italic leading-8 text-muted-foreground first:mt-0">
          {children}
        </blockquote>
      );
    case "strong":
      return (
        <strong key={key} className="font-semibold">
          {children}
        </strong>
      );
    case "em":
      return <em key={key}>{children}</em>;
    case "a": {
      const href = attributes.href;
      if (typeof href !== "string" || !isAllowedHref(href)) return children;
      return (
        <a key={key} href={href} className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
          {children}
        </a>
      );
    }
    case "img":
      return <RichTextImage key={key} attributes={attributes} />;
    case "hr":
      return <hr key={key} className="my-12 border-border" />;
    case "br":
      return <br key={key} />;
    case "BookDemo":
      return <BookDemoBlock key={key} label={typeof attributes.label === "string" ? attributes.label : undefined} />;
  }
}

/** Only ids the tree made (prefixed), so a body can never take an id the page relies on. */
function headingId(id: string | number | undefined): string | undefined {
  return typeof id === "string" && id.startsWith(HEADING_ID_PREFIX) && /^[a-z0-9-]+$/.test(id) ? id : undefined;
}

/**
 * An image of the body. Its place is reserved before it loads, so nothing below moves: by its
 * own width and height where the media library gave them, otherwise by a 16:9 box that shows it
 * whole. Below the first screen, so it loads lazily. A `span`, so it stays valid markup wherever
 * the tree puts it.
 */
function RichTextImage({ attributes }: { attributes: RichTextElement["attributes"] }) {
  const { src, alt, width, height } = attributes;
  if (typeof src !== "string" || !isAllowedImageSrc(src) || typeof alt !== "string") return null;
  const sized = typeof width === "number" && typeof height === "number" && width > 0 && height > 0;
  return (
    <span className="my-8 block overflow-hidden rounded-lg bg-muted first:mt-0">
      {sized ? (
        <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" className="block h-auto w-full" />
      ) : (
        <img src={src} alt={alt} width={1600} height={900} loading="lazy" decoding="async" className="block aspect-video h-auto w-full object-contain" />
      )}
    </span>
  );
}

/**
 * The "Book demo" block: the site's own Book demo button, which opens the booking dialog every
 * public page carries, from first paint and without JavaScript (docs/decisions/0501), with the
 * reassurance line the site puts under it. Spans, so it stays valid markup wherever the tree
 * puts it.
 */
function BookDemoBlock({ label }: { label?: string }) {
  return (
    <span className="my-10 flex flex-col items-center gap-3 rounded-xl border border-border bg-primary-soft px-6 py-8 text-center first:mt-0">
      <BookDemoButton location="cta_strip">{label ?? ctaLabels.bookDemo}</BookDemoButton>
      <span className="text-base leading-6 text-muted-foreground">{reassurance.bookDemo}</span>
    </span>
  );
}
