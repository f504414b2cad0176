/**
 * Where the story and its picture sit side by side (Chakra's `lg`): the picture is then beside
 * the hero, in the first screen, and is what a visitor waits for. Narrower, it is stacked below
 * the story, well below the first screen.
 */
export const sideBySide = '(min-width: 64rem)'

/** The picture's rendered width: its column of the 80rem container, about 45% of the screen side by side, the full width stacked. */
export const storyImageSizes = `(min-width: 80rem) 608px, ${sideBySide} 45vw, 100vw`
