import type { PageContextServer } from 'vike/types'
import { absoluteUrl } from '#shared/site.ts'
import { site } from '../build-identity.ts'
import { artworkFamilyFor } from '../page-families.ts'
import { socialImagePath } from '../seo/social-image.ts'

/** A shared link shows the page family's own artwork, as the page's hero does. */
export default (pageContext: PageContextServer) =>
  absoluteUrl(site, socialImagePath(artworkFamilyFor(pageContext.urlPathname)))
