import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef, useState } from "react";
import { ImageUploadProgress, uploadButtonLabel } from "~/components/admin/image-upload-progress";
import { useImageUpload } from "~/components/admin/use-image-upload";
import { cleanPastedHtml } from "~/components/admin/pasted-html";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { safeLinkHref, type ArticleDocument } from "~/lib/article-document";

/**
 * The article's body editor (TipTap, decision 190): only what the site's reading style sets —
 * headings, bold and italic, links, lists, quotes and images with alt text. Anything pasted is
 * read through this schema, so other elements and marks are dropped; the server checks again.
 */
export const articleEditorExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: false,
    HTMLAttributes: { rel: null, target: null },
    isAllowedUri: (url) => safeLinkHref(url) !== undefined,
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      type="button"
      variant={active ? "default" : "outline"}
      size="sm"
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function Toolbar({ editor, imageMaxMegabytes }: { editor: Editor; imageMaxMegabytes: number }) {
  const [href, setHref] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const [imageAlt, setImageAlt] = useState("");
  const { upload, progress, uploading } = useImageUpload(imageMaxMegabytes);
  const [problem, setProblem] = useState("");
  const chain = () => editor.chain().focus();
  return (
    <div className="space-y-3 rounded-t-md border border-b-0 bg-muted/40 p-2">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1">
        <ToolButton
          label="Heading 2"
          active={editor.isActive("heading", { level: 2 })}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolButton>
        <ToolButton
          label="Heading 3"
          active={editor.isActive("heading", { level: 3 })}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolButton>
        <ToolButton
          label="Bold"
          active={editor.isActive("bold")}
          onClick={() => chain().toggleBold().run()}
        >
          <strong>B</strong>
        </ToolButton>
        <ToolButton
          label="Italic"
          active={editor.isActive("italic")}
          onClick={() => chain().toggleItalic().run()}
        >
          <em>I</em>
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          active={editor.isActive("bulletList")}
          onClick={() => chain().toggleBulletList().run()}
        >
          • List
        </ToolButton>
        <ToolButton
          label="Numbered list"
          active={editor.isActive("orderedList")}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1. List
        </ToolButton>
        <ToolButton
          label="Quote"
          active={editor.isActive("blockquote")}
          onClick={() => chain().toggleBlockquote().run()}
        >
          “ Quote
        </ToolButton>
        <ToolButton label="Remove link" onClick={() => chain().unsetLink().run()}>
          Unlink
        </ToolButton>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="editor-link">Link address</Label>
          <Input
            id="editor-link"
            value={href}
            onChange={(event) => setHref(event.target.value)}
            placeholder="https://… or /book"
            className="w-64"
          />
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            const safe = safeLinkHref(href);
            if (!safe)
              return setProblem("A link must be a web or mail address, or a path on the site.");
            setProblem("");
            chain().extendMarkRange("link").setLink({ href: safe }).run();
          }}
        >
          Link the selection
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="editor-image">
            Image file (JPEG, PNG or WebP, up to {imageMaxMegabytes} MB)
          </Label>
          <Input
            ref={fileInput}
            id="editor-image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="w-64"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="editor-image-alt">Image description (alt text)</Label>
          <Input
            id="editor-image-alt"
            value={imageAlt}
            onChange={(event) => setImageAlt(event.target.value)}
            className="w-64"
          />
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={uploading}
          onClick={async () => {
            setProblem("");
            const uploaded = await upload(
              fileInput.current,
              imageAlt,
              "Describe the image for readers who cannot see it.",
            );
            if ("error" in uploaded) return setProblem(uploaded.error);
            chain().setImage({ src: uploaded.image.src, alt: uploaded.image.alt }).run();
            setImageAlt("");
          }}
        >
          {uploadButtonLabel(progress, "Upload and insert image")}
        </Button>
      </div>
      <ImageUploadProgress id="editor-image-progress" progress={progress} />
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

export function ArticleEditor({
  initial,
  imageMaxMegabytes,
  onChange,
}: {
  initial: ArticleDocument;
  imageMaxMegabytes: number;
  onChange: (document: ArticleDocument) => void;
}) {
  // What the last paste was changed by (Google Docs' comments, a Heading 1), said, not hidden.
  const [pasteNote, setPasteNote] = useState("");
  const editor = useEditor({
    extensions: articleEditorExtensions,
    content: initial,
    immediatelyRender: false,
    editorProps: {
      transformPastedHTML: (html) => {
        const cleaned = cleanPastedHtml(html);
        setPasteNote(
          cleaned.notes.length > 0 ? `From the paste: ${cleaned.notes.join("; ")}.` : "",
        );
        return cleaned.html;
      },
      attributes: {
        "aria-label": "Article body",
        "aria-multiline": "true",
        role: "textbox",
        class:
          "min-h-64 rounded-b-md border bg-background p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_a]:underline [&_p]:my-2",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as ArticleDocument),
  });
  return (
    <div data-testid="article-editor">
      {editor && <Toolbar editor={editor} imageMaxMegabytes={imageMaxMegabytes} />}
      <EditorContent editor={editor} />
      <p aria-live="polite" className="text-sm text-muted-foreground" data-testid="paste-note">
        {pasteNote}
      </p>
    </div>
  );
}
