import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import { HeroBanner } from '../../components/HeroBanner.tsx'
import { LegalDocument } from '../../components/LegalDocument.tsx'
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
