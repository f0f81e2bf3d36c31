import * as React from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { Button } from "~/components/ui/button";
import { FieldMessage } from "~/components/ui/form-field";
import { inputClass } from "~/components/ui/input";
import { ctaLabels } from "~/content/calls-to-action";
import { cn } from "~/lib/cn";
import { BOOK_DEMO_LABEL_MAX_LENGTH, isAllowedHref, isAllowedImageSrc, richTextValueTags, type RichTextValueTag } from "@shared/content/rich-text-rules";
import { bookDemoLabel, richTextExtensions, toMarkdocSource } from "./rich-text-extensions";
import { ToolbarIcon, type ToolbarIconName } from "./toolbar-icons";

/** An image the page's media picker chose: its /media/ path and, if it has one, its alt text. */
export type PickedImage = { src: string; alt?: string };

export type RichTextEditorProps = {
  /** The accessible name of the editable area, shown above it ("Body", "Answer"). */
  label: string;
  /** The Markdoc source (shared/content/rich-text.ts). */
  value: string;
  /** Called with the new Markdoc source on every change. */
  onChange: (source: string) => void;
  /** Opens the media library and resolves with the chosen image, or null. Without it, no Image button. */
  onPickImage?: () => Promise<PickedImage | null>;
  /** The save's message for this field (a 400's errors), announced and tied to the area. */
  error?: string;
  hint?: React.ReactNode;
  /** The id of the editable area. */
  id?: string;
  /**
   * Values the text may quote, by kind, each by name with a label ("monthly": "Monthly price
   * ($799)"): with prices, an "Insert price" control adds a price tag, with terms an "Insert
   * term" control a term tag, which the page fills in (FAQ answers).
   */
  values?: ValueLabels;
};

type ValueLabels = Partial<Record<RichTextValueTag, Readonly<Record<string, string>>>>;

const editableClass = cn(
  "min-h-64 w-full rounded-b-md border border-input bg-background px-4 py-3 text-base leading-7 text-foreground",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive",
  "[&>*:first-child]:mt-0 [&_p]:mt-3 [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:mt-4 [&_h4]:text-lg [&_h4]:font-semibold [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-primary [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_a]:text-primary [&_a]:underline [&_hr]:my-6 [&_hr]:border-border",
);

/**
 * The rich-text editor of the admin area (docs/decisions/0901): a marketer writes with a toolbar,
 * never with markup, and the page receives Markdoc source. Pasting from a word processor keeps
 * headings, lists, links, bold, italic and quotes, and drops what a body cannot hold (scripts,
 * frames, event attributes, other sites' images, links that are not http(s), mailto, tel or a page
 * of the site): the schema in rich-text-extensions.ts decides, not a clean-up afterwards.
 *
 * The editable area is a `textbox` (multi-line) named by `label`; the toolbar is a `toolbar` with
 * arrow-key movement and named buttons. Link, Image and Book demo ask for what they need in a
 * field under the toolbar (no `window.prompt`, and no nested `<form>`: the page's form holds the
 * editor).
 */
export function RichTextEditor({ label, value, onChange, onPickImage, error, hint, id, values }: RichTextEditorProps) {
  const generatedId = React.useId();
  const areaId = id ?? `${generatedId}-area`;
  const labelId = `${generatedId}-label`;
  const hintId = `${generatedId}-hint`;
  const errorId = `${generatedId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");

  // The source this editor last reported, so a `value` that is only our own echo is not loaded again.
  const reported = React.useRef(value);
  const change = React.useRef(onChange);
  React.useEffect(() => {
    change.current = onChange;
  });

  // Options that change only when they mean to: TipTap compares them on every render and pushes
  // a change into the editor (new attributes when the save's message comes or goes). A later
  // value reaches the editor through the effect below.
  const [extensions] = React.useState(richTextExtensions);
  const [initialValue] = React.useState(value);
  const invalid = Boolean(error);
  const editorProps = React.useMemo(
    () => ({ attributes: editableAttributes({ areaId, labelId, describedBy, invalid }) }),
    [areaId, labelId, describedBy, invalid],
  );
  const editor = useEditor({
    extensions,
    content: initialValue,
    contentType: "markdown",
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const source = toMarkdocSource(current);
      if (source === reported.current) return;
      reported.current = source;
      change.current(source);
    },
  });

  // A new value from outside (another revision loaded, the form reset): show it. A layout effect,
  // so the check runs in the same task as the render that read `value`: a passive effect runs
  // later, and a keystroke handled in between would make this render's value look like a value
  // from outside, and loading it would undo the keystroke.
  React.useLayoutEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { contentType: "markdown", emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm font-medium leading-none text-foreground">
        {label}
      </span>
      <div>
        {editor ? <Toolbar editor={editor} label={label} areaId={areaId} onPickImage={onPickImage} values={values} /> : <div className="h-11 rounded-t-md border border-b-0 border-input bg-muted" />}
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? <FieldMessage id={errorId}>{error}</FieldMessage> : null}
    </div>
  );
}

function editableAttributes({ areaId, labelId, describedBy, invalid }: { areaId: string; labelId: string; describedBy: string; invalid: boolean }) {
  return {
    id: areaId,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    "aria-invalid": invalid ? "true" : "false",
    class: editableClass,
  };
}

type Ask =
  | { kind: "link"; initial: string }
  | { kind: "image"; src: string; initial: string }
  | { kind: "book-demo"; initial: string };

const askLabels: Record<Ask["kind"], { field: string; apply: string }> = {
  link: { field: "Link address", apply: "Apply link" },
  image: { field: "Alt text (what the image shows)", apply: "Insert image" },
  "book-demo": { field: "Button label", apply: "Insert block" },
};

/** Turns what a person types as an address into one a link may have, or null. */
export function linkAddress(input: string): string | null {
  const typed = input.trim();
  if (typed === "") return "";
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) || typed.startsWith("/")
    ? typed
    : /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(typed)
      ? `mailto:${typed}`
      : /^\+?[0-9][0-9 ().-]{5,}$/.test(typed)
        ? `tel:${typed.replace(/[^0-9+]/g, "")}`
        : `https://${typed}`;
  return isAllowedHref(withScheme) ? withScheme : null;
}

function Toolbar({
  editor,
  label,
  areaId,
  onPickImage,
  values,
}: {
  editor: Editor;
  label: string;
  areaId: string;
  onPickImage?: () => Promise<PickedImage | null>;
  values?: ValueLabels;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      link: current.isActive("link"),
      href: current.getAttributes("link").href,
    }),
  });
  const [ask, setAsk] = React.useState<Ask | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);
  const askId = React.useId();

  const toggles: { name: string; icon: ToolbarIconName; pressed: boolean; run: () => void }[] = [
    { name: "Heading 2", icon: "heading2", pressed: state.h2, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { name: "Heading 3", icon: "heading3", pressed: state.h3, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { name: "Bold", icon: "bold", pressed: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    { name: "Italic", icon: "italic", pressed: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
    { name: "Bulleted list", icon: "bulletList", pressed: state.bulletList, run: () => editor.chain().focus().toggleBulletList().run() },
    { name: "Numbered list", icon: "numberedList", pressed: state.orderedList, run: () => editor.chain().focus().toggleOrderedList().run() },
    { name: "Quote", icon: "quote", pressed: state.blockquote, run: () => editor.chain().focus().toggleBlockquote().run() },
  ];

  const pickImage = async () => {
    setNotice(null);
    const picked = await onPickImage?.();
    if (!picked) return;
    if (!isAllowedImageSrc(picked.src)) {
      setNotice("That image is not in the media library; upload it there first.");
      return;
    }
    setAsk({ kind: "image", src: picked.src, initial: picked.alt ?? "" });
  };

  const asks: { name: string; icon: ToolbarIconName; kind: Ask["kind"]; open: () => void }[] = [
    { name: "Link", icon: "link", kind: "link", open: () => setAsk({ kind: "link", initial: typeof state.href === "string" ? state.href : "" }) },
    ...(onPickImage ? [{ name: "Image", icon: "image" as const, kind: "image" as const, open: () => void pickImage() }] : []),
    { name: "Book demo block", icon: "bookDemo", kind: "book-demo", open: () => setAsk({ kind: "book-demo", initial: ctaLabels.bookDemo }) },
  ];

  const buttons = React.useRef<(HTMLButtonElement | null)[]>([]);
  const [current, setCurrent] = React.useState(0);
  const count = toggles.length + asks.length;
  const move = (event: React.KeyboardEvent) => {
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + count) % count;
    setCurrent(index);
    buttons.current[index]?.focus();
  };
  const buttonProps = (index: number) => ({
    ref: (element: HTMLButtonElement | null) => {
      buttons.current[index] = element;
    },
    tabIndex: index === current ? 0 : -1,
    onFocus: () => setCurrent(index),
  });

  const close = () => {
    setAsk(null);
    editor.commands.focus();
  };

  return (
    <>
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={areaId}
        onKeyDown={move}
        className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-input bg-muted p-1"
      >
        {toggles.map(({ name, icon, pressed, run }, index) => (
          <button
            key={name}
            type="button"
            aria-label={name}
            title={name}
            aria-pressed={pressed}
            onClick={run}
            className="inline-flex size-9 items-center justify-center rounded-md text-foreground hover:bg-muted-strong aria-pressed:bg-primary aria-pressed:text-primary-foreground"
            {...buttonProps(index)}
          >
            <ToolbarIcon name={icon} />
          </button>
        ))}
        {asks.map(({ name, icon, kind, open }, index) => (
          <button
            key={name}
            type="button"
            aria-label={name}
            title={name}
            aria-expanded={ask?.kind === kind}
            aria-controls={ask?.kind === kind ? askId : undefined}
            onClick={open}
            className="inline-flex size-9 items-center justify-center rounded-md text-foreground hover:bg-muted-strong aria-expanded:bg-muted-strong"
            {...buttonProps(toggles.length + index)}
          >
            <ToolbarIcon name={icon} />
          </button>
        ))}
      </div>
      {richTextValueTags.map((kind) => {
        const labels = values?.[kind];
        return labels ? <InsertValue key={kind} editor={editor} kind={kind} labels={labels} /> : null;
      })}
      {notice ? (
        <p role="alert" className="border-x border-input bg-background px-3 py-2 text-sm font-medium text-destructive">
          {notice}
        </p>
      ) : null}
      {ask ? <AskRow key={`${ask.kind}-${ask.initial}`} id={askId} ask={ask} editor={editor} onDone={close} /> : null}
    </>
  );
}

/** A price or term tag at the cursor: typed `{%` is escaped as text, so a tag comes from here. */
function InsertValue({ editor, kind, labels }: { editor: Editor; kind: RichTextValueTag; labels: Readonly<Record<string, string>> }) {
  const selectId = React.useId();
  const [name, setName] = React.useState(Object.keys(labels)[0] ?? "");
  const noun = kind === "price" ? "Price" : "Term";
  return (
    <div className="flex flex-wrap items-center gap-2 border-x border-input bg-background px-2 py-1.5 text-sm">
      <label htmlFor={selectId} className="font-medium">
        {noun} to insert
      </label>
      <select id={selectId} value={name} onChange={(event) => setName(event.target.value)} className="h-8 rounded-md border border-input bg-background px-2">
        {Object.entries(labels).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="h-8 rounded-md border border-input px-3 font-medium hover:bg-muted"
        onClick={() => editor.chain().focus().insertContent({ type: "richTextValue", attrs: { kind, name } }).run()}
      >
        Insert {noun.toLowerCase()}
      </button>
    </div>
  );
}

/** The field under the toolbar that asks for a link's address, an image's alt text or a block's label. */
function AskRow({ id, ask, editor, onDone }: { id: string; ask: Ask; editor: Editor; onDone: () => void }) {
  const [text, setText] = React.useState(ask.initial);
  const [problem, setProblem] = React.useState<string | null>(null);
  const field = React.useRef<HTMLInputElement>(null);
  const fieldId = `${id}-field`;
  const problemId = `${id}-problem`;
  React.useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const apply = () => {
    if (ask.kind === "link") {
      const href = linkAddress(text);
      if (href === null) {
        setProblem("A link goes to an https:, http:, mailto: or tel: address, or to a page of this site starting with /.");
        return;
      }
      if (href === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
      else if (editor.state.selection.empty && !editor.isActive("link")) {
        editor.chain().focus().insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
      } else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    } else if (ask.kind === "image") {
      const alt = text.replace(/\s+/g, " ").trim();
      if (alt === "") {
        setProblem("Describe the image for people who cannot see it.");
        return;
      }
      editor.chain().focus().setImage({ src: ask.src, alt }).run();
    } else {
      editor.chain().focus().insertContent({ type: "bookDemo", attrs: { label: bookDemoLabel(text) } }).run();
    }
    onDone();
  };

  return (
    <div id={id} role="group" aria-label={askLabels[ask.kind].field} className="flex flex-wrap items-end gap-2 border-x border-input bg-background p-2">
      <div className="grid min-w-56 flex-1 gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium text-foreground">
          {askLabels[ask.kind].field}
        </label>
        <input
          ref={field}
          id={fieldId}
          value={text}
          maxLength={ask.kind === "book-demo" ? BOOK_DEMO_LABEL_MAX_LENGTH : 2000}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onDone();
            }
          }}
          className={inputClass}
        />
      </div>
      <Button type="button" size="sm" onClick={apply}>
        {askLabels[ask.kind].apply}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      {problem ? (
        <p id={problemId} role="alert" className="basis-full text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
