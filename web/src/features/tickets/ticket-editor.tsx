import { useEffect, useId, useRef } from 'react';
import { Input, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { Plugin } from '@tiptap/pm/state';
import { Extension, getHTMLFromFragment, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { TICKET_TEXT_MAX_LENGTH, ticketTextLength } from '@panel/contract';
import '@mantine/tiptap/styles.css';

type Props = {
  label: string;
  /** The editor's HTML ('' while it is empty). */
  value: string;
  onChange: (html: string) => void;
  /** Called when a change was refused for going over the limit (§5: the text stays as it was). */
  onLimit: () => void;
  error?: string;
};

/** The toolbar's names in the reader's language (Mantine's own are English). */
function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return {
    boldControlLabel: t('supportTickets.editor.bold'),
    italicControlLabel: t('supportTickets.editor.italic'),
    underlineControlLabel: t('supportTickets.editor.underline'),
    strikeControlLabel: t('supportTickets.editor.strike'),
    bulletListControlLabel: t('supportTickets.editor.bulletList'),
    orderedListControlLabel: t('supportTickets.editor.orderedList'),
    linkControlLabel: t('supportTickets.editor.link'),
    unlinkControlLabel: t('supportTickets.editor.unlink'),
    linkEditorInputLabel: t('supportTickets.editor.linkUrl'),
    linkEditorInputPlaceholder: 'https://example.com/',
    linkEditorExternalLink: t('supportTickets.editor.linkNewTab'),
    linkEditorInternalLink: t('supportTickets.editor.linkSameTab'),
    linkEditorSave: t('supportTickets.editor.linkSave'),
  };
}

/**
 * The ticket description's rich-text editor (core-panel.md §2, §5): bold, italic, underline,
 * strike, lists and links; a typed URL becomes a link as it is typed (the server also turns
 * plain URLs into links and image URLs into images). A change that would take the text past 250
 * characters (an image counts as one, as the server counts) is refused as a whole, so the text
 * stays what it was, and `onLimit` says so. It lives only in the Create ticket screen's chunk.
 */
export function TicketEditor({ label, value, onChange, onLimit, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const onLimitRef = useRef(onLimit);
  useEffect(() => {
    onLimitRef.current = onLimit;
  });

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({ link: false, heading: false, codeBlock: false, horizontalRule: false }),
      Link.configure({ autolink: true, linkOnPaste: true, openOnClick: false, defaultProtocol: 'https' }),
      Extension.create({
        name: 'ticketTextLimit',
        addProseMirrorPlugins() {
          const { schema } = this.editor;
          return [
            new Plugin({
              filterTransaction: (transaction) => {
                if (!transaction.docChanged) return true;
                const within = ticketTextLength(getHTMLFromFragment(transaction.doc.content, schema)) <= TICKET_TEXT_MAX_LENGTH;
                if (!within) onLimitRef.current();
                return within;
              },
            }),
          ];
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': `${countId} ${errorId}`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          'aria-describedby': error ? `${countId} ${errorId}` : countId,
          ...(error ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, error, labelId, countId, errorId]);

  const count = ticketTextLength(value);
  return (
    <Input.Wrapper
      label={label}
      required
      error={error}
      labelProps={{ id: labelId, onClick: () => editor.commands.focus() }}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <RichTextEditor editor={editor} labels={useEditorLabels()} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
      <Text id={countId} size="xs" c={count >= TICKET_TEXT_MAX_LENGTH ? 'red.8' : 'dimmed'} ta="end" mt={4} aria-live="polite">
        {t('supportTickets.create.count', { length: count, max: TICKET_TEXT_MAX_LENGTH })}
      </Text>
    </Input.Wrapper>
  );
}
