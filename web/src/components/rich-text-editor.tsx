import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Input, Text } from '@mantine/core';
import Image from '@tiptap/extension-image';
import { IconPhoto } from '@tabler/icons-react';
import { Link, RichTextEditor as MantineEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { Plugin } from '@tiptap/pm/state';
import { Extension, getHTMLFromFragment, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { embeddedImageBytes, NOTIFICATION_IMAGES_MAX_BYTES, ticketTextLength } from '@panel/contract';
import { formatNumber } from '../lib/format';
import '@mantine/tiptap/styles.css';

type Props = {
  label: string;
  /** The editor's HTML ('' while it is empty). */
  value: string;
  onChange: (html: string) => void;
  /** Characters of text allowed, counted as the server counts them (an image is one). */
  maxLength: number;
  /**
   * With it, a change that would go past `maxLength` is refused as a whole (the text stays what
   * it was, core-panel.md §5) and this is called; without it, the count only turns red.
   */
  onLimit?: () => void;
  /**
   * Headings, quotes, undo and redo too, and images embedded from a file (announcements, at most
   * 10 MB of them in all); tickets keep the short toolbar and show images from their URLs.
   */
  full?: boolean;
  /** The message under the box; `true` marks it invalid with the message said elsewhere (the form's one sentence). */
  error?: string | boolean;
};

/** The toolbar's names in the reader's language (Mantine's own are English). */
function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return {
    boldControlLabel: t('richText.bold'),
    italicControlLabel: t('richText.italic'),
    underlineControlLabel: t('richText.underline'),
    strikeControlLabel: t('richText.strike'),
    h2ControlLabel: t('richText.heading'),
    bulletListControlLabel: t('richText.bulletList'),
    orderedListControlLabel: t('richText.orderedList'),
    blockquoteControlLabel: t('richText.blockquote'),
    linkControlLabel: t('richText.link'),
    unlinkControlLabel: t('richText.unlink'),
    linkEditorInputLabel: t('richText.linkUrl'),
    linkEditorInputPlaceholder: 'https://example.com/',
    linkEditorExternalLink: t('richText.linkNewTab'),
    linkEditorInternalLink: t('richText.linkSameTab'),
    linkEditorSave: t('richText.linkSave'),
    undoControlLabel: t('richText.undo'),
    redoControlLabel: t('richText.redo'),
  };
}

/** Refuses any change whose text would be longer than `max`, and says so. */
function textLimit(max: number, onLimit: { current: (() => void) | undefined }) {
  return Extension.create({
    name: 'textLimit',
    addProseMirrorPlugins() {
      const { schema } = this.editor;
      return [
        new Plugin({
          filterTransaction: (transaction) => {
            if (!onLimit.current || !transaction.docChanged) return true;
            const within = ticketTextLength(getHTMLFromFragment(transaction.doc.content, schema)) <= max;
            if (!within) onLimit.current();
            return within;
          },
        }),
      ];
    },
  });
}

/**
 * The panel's rich-text editor (ticket descriptions, announcements): bold, italic, underline,
 * strike, lists and links, a typed or pasted URL becoming a link as it is typed (the server turns
 * plain URLs into links and image URLs into images too). It writes in the page's direction (right
 * to left in Arabic) and shows the count the server applies. Only the screens that use it load it.
 */
export function RichTextEditor({ label, value, onChange, maxLength, onLimit, full = false, error }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const dir = i18n.dir();
  const onLimitRef = useRef(onLimit);
  useEffect(() => {
    onLimitRef.current = onLimit;
  });

  const attributes = (invalid: boolean, message = invalid) => ({
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    'aria-describedby': message ? `${countId} ${errorId}` : countId,
    dir,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  });

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({ link: false, heading: full ? { levels: [2, 3] } : false, codeBlock: false, horizontalRule: full ? undefined : false }),
      Link.configure({ autolink: true, linkOnPaste: true, openOnClick: false, defaultProtocol: 'https' }),
      textLimit(maxLength, onLimitRef),
      ...(full ? [Image.configure({ allowBase64: true })] : []),
    ],
    content: value,
    // Tiptap applies changed options on each render: the attributes follow `error` from here.
    editorProps: { attributes: attributes(Boolean(error), typeof error === 'string') },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  const fileInput = useRef<HTMLInputElement>(null);
  const [imageError, setImageError] = useState<string>();
  const insertImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const src = typeof reader.result === 'string' ? reader.result : '';
      if (!src) return;
      if (embeddedImageBytes(value) + embeddedImageBytes(src) > NOTIFICATION_IMAGES_MAX_BYTES) {
        setImageError(t('validation.notificationImagesTooLarge'));
        return;
      }
      setImageError(undefined);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    };
    reader.readAsDataURL(file);
  };

  const count = ticketTextLength(value);
  const shownError = error || (count > maxLength ? t('richText.overLimit', { count: maxLength, amount: formatNumber(maxLength) }) : undefined);
  return (
    <Input.Wrapper
      label={label}
      required
      error={shownError}
      labelProps={{ id: labelId, onClick: () => editor.commands.focus() }}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <MantineEditor editor={editor} labels={useEditorLabels()} mt={4} style={shownError ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <MantineEditor.Toolbar>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            {full && <MantineEditor.H2 />}
            {full && <MantineEditor.Blockquote />}
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          {full && (
            <MantineEditor.ControlsGroup>
              <MantineEditor.Control onClick={() => fileInput.current?.click()} aria-label={t('richText.image')} title={t('richText.image')}>
                <IconPhoto size={16} stroke={1.5} aria-hidden />
              </MantineEditor.Control>
            </MantineEditor.ControlsGroup>
          )}
          {full && (
            <MantineEditor.ControlsGroup>
              <MantineEditor.Undo />
              <MantineEditor.Redo />
            </MantineEditor.ControlsGroup>
          )}
        </MantineEditor.Toolbar>
        <MantineEditor.Content mih={full ? 200 : 140} />
      </MantineEditor>
      {full && (
        <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={insertImage} data-testid="rich-text-image-file" />
      )}
      {imageError && (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {imageError}
        </Text>
      )}
      <Text id={countId} size="xs" c={count >= maxLength ? 'red.8' : 'dimmed'} ta="end" mt={4} aria-live="polite">
        {t('richText.count', { length: formatNumber(count), max: formatNumber(maxLength) })}
      </Text>
    </Input.Wrapper>
  );
}
