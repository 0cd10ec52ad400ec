import { useId, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from 'react';
import { useMantineTheme } from '@mantine/core';

type Props = Omit<ComponentPropsWithoutRef<'input'>, 'type'> & {
  label: ReactNode;
  /** A field message under the label, as Mantine's Checkbox shows it (`getInputProps` hands it over). */
  error?: ReactNode;
};

/**
 * Mantine's Checkbox (filled, size and radius by default, label on the right) as plain markup: the
 * same elements, classes and variables, so Mantine's style sheet draws it the same in both colour
 * schemes and directions. Mantine's own carries its Group, Card and Indicator with it, some 2 KB
 * gzipped that the sign-in screen, where every visit starts, would download for one box.
 * light-checkbox.test.tsx renders both and compares them, so an upgrade that changes Mantine's
 * markup fails there instead of changing the screen's look.
 */
export function LightCheckbox({ label, error, id, className, style, ...input }: Props) {
  const theme = useMantineTheme();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // As Mantine's: `true` marks the box without a message.
  const errorId = error && typeof error !== 'boolean' ? `${inputId}-error` : undefined;
  const describedBy = [errorId, input['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div
      style={{ '--checkbox-radius': 'var(--mantine-radius-sm)', '--checkbox-color': `var(--mantine-color-${theme.primaryColor}-filled)`, ...style } as CSSProperties}
      className={`m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root${className ? ` ${className}` : ''}`}
      data-variant="filled"
      data-label-position="right"
      data-checked={input.checked || undefined}
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-error={error ? true : undefined}
            data-with-error-styles="true"
            id={inputId}
            {...input}
            aria-describedby={describedBy}
            type="checkbox"
          />
          <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper">
          <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={inputId}>
            {label}
          </label>
          {errorId && (
            <p className="m_8e8a99cc mantine-Checkbox-error m_8f816625 mantine-InputWrapper-error" id={errorId}>
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
