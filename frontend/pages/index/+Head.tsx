import { site } from '#frontend/build-identity.ts'
import { JsonLd } from '#frontend/components/JsonLd.tsx'
import { organization } from '#frontend/seo/structured-data.ts'
import { footerServices } from '#shared/routes.ts'
import { meta } from './content.ts'

/** The agency as a schema.org Organization; service pages refer to it by its @id. */
export default function Head() {
  return (
    <JsonLd
      data={organization(site, {
        description: meta.description,
        services: footerServices.map((service) => service.label),
      })}
    />
  )
}
