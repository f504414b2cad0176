import { footerServices } from '#shared/routes.ts'
import { site } from '../../build-identity.ts'
import { JsonLd } from '../../components/JsonLd.tsx'
import { organization } from '../../seo/structured-data.ts'
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
