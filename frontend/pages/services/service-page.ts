import type { LinkAction } from '#frontend/components/LinkButton.tsx'

export interface Offering {
  readonly title: string
  readonly description: string
}

/** A service page's offerings: the list beside its benefits panel. */
export interface OfferingList {
  readonly heading: string
  readonly intro: string
  readonly items: readonly Offering[]
}

/** The parts every service page shares (spec: hero, H1 intro, ..., closing call to action). */
export interface ServicePageContent {
  readonly meta: {
    readonly title: string
    readonly description: string
    readonly keywords: readonly string[]
  }
  readonly path: string
  /** The name service_page_view reports and the Service structured data carries. */
  readonly serviceName: string
  readonly breadcrumb: string
  /** The card on /services: title, description and three features. */
  readonly summary: {
    readonly title: string
    readonly description: string
    readonly features: readonly [string, string, string]
  }
  readonly hero: { readonly title: string; readonly subtitle: string; readonly action?: LinkAction }
  readonly intro: { readonly heading: string; readonly paragraphs: readonly string[] }
  readonly closing: {
    readonly heading: string
    readonly text: string
    readonly actions: readonly LinkAction[]
  }
}

/** A panel beside the offerings: why the service matters, its impact, its return. */
export interface BenefitPanel {
  readonly heading: string
  readonly text: string
  readonly points: readonly string[]
}

export const viewAllServices: LinkAction = { label: 'View All Services', href: '/services' }
