import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { LegalDocument } from '#frontend/components/LegalDocument.tsx'
import { breadcrumb, hero, intro, lastUpdated, sections } from './content.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <LegalDocument lastUpdated={lastUpdated} intro={intro} sections={sections} />
    </>
  )
}
