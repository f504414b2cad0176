import { usePageContext } from 'vike-react/usePageContext'
import { site } from '../build-identity.ts'
import { breadcrumbList } from '../seo/structured-data.ts'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import { type BreadcrumbItem, breadcrumbTrail } from './breadcrumbs.ts'
import { JsonLd } from './JsonLd.tsx'

/** The visible breadcrumb trail plus the same trail as a schema.org BreadcrumbList. */
export function BreadcrumbTrail({ items }: { readonly items: readonly BreadcrumbItem[] }) {
  const { urlPathname } = usePageContext()
  return (
    <>
      <Breadcrumbs items={items} />
      <JsonLd data={breadcrumbList(site, breadcrumbTrail(items), urlPathname)} />
    </>
  )
}
