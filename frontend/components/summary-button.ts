/**
 * A native <summary> drawn as a control of the site (the mobile menu's button, each FAQ
 * question): no disclosure marker, a pointer, and the site's focus ring. The <details> around it
 * opens without JavaScript; each use adds its own size and layout.
 */
export const summaryButton = {
  cursor: 'pointer',
  listStyleType: 'none',
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'brand.500',
    outlineOffset: '2px',
  },
  css: { '&::-webkit-details-marker': { display: 'none' } },
} as const
