import { createHash } from 'node:crypto'
import { routes } from './routes.ts'

/**
 * Speculation Rules: when a visitor shows intent to follow a link to one of the site's pages
 * (hovering it for a moment, or pressing it), the browser prerenders that page, so the next page
 * appears at once. Only the route table's pages qualify: the contact form's confirmation steps
 * (reached by the form's POST, never by a link worth guessing) and the API stay out.
 *
 * Every page carries these rules inline; the CSP admits exactly this text by its hash, so the
 * page and the policy (local server and CloudFront alike) cannot disagree.
 */
export const speculationRules = {
  prerender: [
    {
      source: 'document',
      where: { href_matches: routes.map((route) => route.path) },
      // 'moderate': a hover of 200 ms or a press; never every link on load, which would cost
      // visitors' data and the agency's requests for pages nobody opens.
      eagerness: 'moderate',
    },
  ],
} as const

/** The exact text of the inline `<script type="speculationrules">`. */
export const speculationRulesText = JSON.stringify(speculationRules)

/** The CSP source that admits the inline rules and nothing else. */
export const speculationRulesHashSource = `'sha256-${createHash('sha256').update(speculationRulesText).digest('base64')}'`
