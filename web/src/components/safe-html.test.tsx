import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { htmlToText, SafeHtml } from './safe-html';

const show = (html: string) =>
  render(
    <MantineProvider>
      <SafeHtml html={html} data-testid="out" />
    </MantineProvider>,
  ).getByTestId('out');

describe('SafeHtml', () => {
  it('keeps formatting from its allow-list', () => {
    const out = show('<p>Hello <strong>world</strong><br><em>now</em></p><ul><li>one</li></ul>');
    expect(out.innerHTML).toBe('<p>Hello <strong>world</strong><br><em>now</em></p><ul><li>one</li></ul>');
  });

  it('drops scripts, styles and frames with their content, and every attribute', () => {
    const out = show(
      '<p onclick="alert(1)" style="color:red" class="x">a</p><script>alert(2)</script><style>p{}</style><iframe src="https://e.x"></iframe><img src="javascript:alert(3)" onerror="alert(4)">',
    );
    expect(out.innerHTML).toBe('<p>a</p>');
  });

  it('keeps an http(s) image with its alt text only', () => {
    const img = show('<img src="https://cdn.example.com/a.png" alt="logo" width="1" onload="x()">').querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example.com/a.png');
    expect(img?.getAttribute('alt')).toBe('logo');
    expect(img?.hasAttribute('onload')).toBe(false);
    expect(img?.hasAttribute('width')).toBe(false);
  });

  it('unwraps unknown elements to their text', () => {
    expect(show('<custom-tag><font color="red">text</font></custom-tag>').innerHTML).toBe('text');
  });

  it('keeps http links (opening in a new tab) and drops javascript: ones', () => {
    const out = show('<a href="https://example.com/x">ok</a><a href="javascript:alert(1)">bad</a>');
    expect(out.innerHTML).toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">ok</a>bad');
  });

  it('turns HTML into one line of text', () => {
    expect(htmlToText('<p>Hello</p><p><b>big</b> news</p><script>x()</script>')).toBe('Hello big news');
  });
});

describe('embedded images', () => {
  it('shows raster images embedded as data, never an SVG one', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const images = show(`<img src="${png}" alt="offer"><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">`).querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', png);
  });
});
