/** Scroll distances from the spec: the navigation bar changes after 50 px, the return-to-top button shows after 300 px. */
export const NAV_SCROLL_THRESHOLD_PX = 50
export const SCROLL_TOP_THRESHOLD_PX = 300
