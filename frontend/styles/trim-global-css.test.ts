import { describe, expect, it } from 'vitest'
import { trimGlobalCss } from './trim-global-css.ts'

const tokens = (body: string) => `@layer tokens{:where(html, .chakra-theme){${body}}}`

describe('trimGlobalCss', () => {
  it('keeps the tokens the page reads, through var() chains, and drops the rest', () => {
    const css =
      '@layer reset,base,tokens,recipes;' +
      tokens(
        '--chakra-colors-brand-700:#1a3aa3;--chakra-colors-brand-fg:var(--chakra-colors-brand-700);' +
          '--chakra-colors-red-500:#ef4444;--chakra-spacing-1\\.5:0.375rem;--chakra-spacing-2:0.5rem;',
      ) +
      '.css-1{color:var(--chakra-colors-brand-fg);gap:var(--chakra-spacing-1\\.5);}'
    expect(trimGlobalCss(css)).toBe(
      '@layer reset,base,tokens,recipes;' +
        tokens(
          '--chakra-colors-brand-700:#1a3aa3;--chakra-colors-brand-fg:var(--chakra-colors-brand-700);--chakra-spacing-1\\.5:0.375rem;',
        ) +
        '.css-1{color:var(--chakra-colors-brand-fg);gap:var(--chakra-spacing-1\\.5);}',
    )
  })

  it('follows every declaration of a token (light and dark values) and drops rules left empty', () => {
    const css =
      '@layer tokens{:where(html){--a:1px;--b:2px;--c:3px;}:root,.light{--fg:var(--a);}' +
      '.dark{--fg:var(--b);--unused:var(--c);}.dark .x{--unused:1;}}' +
      '.css-1{width:var(--fg);}'
    expect(trimGlobalCss(css)).toBe(
      '@layer tokens{:where(html){--a:1px;--b:2px;}:root,.light{--fg:var(--a);}.dark{--fg:var(--b);}}' +
        '.css-1{width:var(--fg);}',
    )
  })

  it('counts references from declarations in the global layers themselves', () => {
    const css =
      '@layer reset{html{font-family:var(--global-font-body, var(--font-fallback));}}' +
      '@layer base{*{--global-font-body:var(--chakra-fonts-body);--ring-color:red;}}' +
      tokens('--chakra-fonts-body:system-ui;--chakra-fonts-mono:monospace;')
    expect(trimGlobalCss(css)).toBe(
      '@layer reset{html{font-family:var(--global-font-body, var(--font-fallback));}}' +
        '@layer base{*{--global-font-body:var(--chakra-fonts-body);}}' +
        tokens('--chakra-fonts-body:system-ui;'),
    )
  })

  it('never touches custom properties outside the global layers', () => {
    const css =
      '@layer recipes{.css-1{--focus-ring-color:var(--chakra-colors-blue-500);}}' +
      '.css-2{--bg-currentcolor:white;}' +
      tokens('--chakra-colors-blue-500:#3b82f6;--chakra-colors-gray-500:#71717a;')
    expect(trimGlobalCss(css)).toBe(
      '@layer recipes{.css-1{--focus-ring-color:var(--chakra-colors-blue-500);}}' +
        '.css-2{--bg-currentcolor:white;}' +
        tokens('--chakra-colors-blue-500:#3b82f6;'),
    )
  })

  it('keeps the keyframes a kept declaration names, directly or through a token', () => {
    const css =
      '@layer base{@keyframes spin{to{transform:rotate(360deg);}}@keyframes pulse{50%{opacity:.5;}}' +
      '@-webkit-keyframes fade-in{from{opacity:0;}}@keyframes fade-in{from{opacity:0;}}' +
      '@keyframes position{from{inset-inline-start:var(--from-x);}}}' +
      tokens(
        '--chakra-animations-spin:spin 1s linear infinite;--chakra-animations-pulse:pulse 2s;',
      ) +
      '.css-1{animation:var(--chakra-animations-spin);position:relative;}' +
      '.css-2{animation-name:fade-in;}'
    const out = trimGlobalCss(css)
    expect(out).toContain('@keyframes spin{')
    expect(out).toContain('@-webkit-keyframes fade-in{')
    expect(out).toContain('@keyframes fade-in{')
    expect(out).not.toContain('pulse')
    // A property name is not a reference: `position:relative` keeps no `@keyframes position`.
    expect(out).not.toContain('@keyframes position')
  })

  it('reads strings, escapes and nested at-rules without losing its place', () => {
    const css =
      '@layer base{q::before{content:"{;}";--quote:var(--a);}' +
      '@media (min-width: 48rem){html{--wide:var(--b);--unused:0;}}}' +
      tokens("--a:'x';--b:1;--c:2;") +
      '@starting-style{.css-1[data-state=open]{opacity:0;width:var(--wide);}}' +
      '.css-2{font-family:"A;B";}'
    expect(trimGlobalCss(css)).toBe(
      '@layer base{q::before{content:"{;}";}' +
        '@media (min-width: 48rem){html{--wide:var(--b);}}}' +
        tokens('--b:1;') +
        '@starting-style{.css-1[data-state=open]{opacity:0;width:var(--wide);}}' +
        '.css-2{font-family:"A;B";}',
    )
  })

  it('leaves CSS without global layers as it was', () => {
    const css = '.css-1{color:red;}@media (hover: hover){.css-1:hover{color:blue;}}'
    expect(trimGlobalCss(css)).toBe(css)
  })
})
