export interface BreadcrumbItem {
  readonly label: string
  /** Omitted for the current page, which is not a link. */
  readonly href?: string
}

export const homeCrumb: BreadcrumbItem = { label: 'Home', href: '/' }

/** The full trail: Home first, then the page's own items in order. */
export function breadcrumbTrail(items: readonly BreadcrumbItem[]): BreadcrumbItem[] {
  return [homeCrumb, ...items]
}
