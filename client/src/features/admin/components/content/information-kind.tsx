import { InformationBody, type InformationPage } from '@bookstrut/schemas'
import { SelectField, TextAreaField, TextField } from '@/components/ui/field'
import { paths } from '@/config/paths'
import type { ContentKindSpec, FieldsProps } from './content-kind'
import { draftBinder, HTML_HINT, orderOf, textsOf } from './draft-parts'
import styles from './content-editors.module.css'

interface InformationDraft {
  information_name: string
  path: string
  placeArea: 'menu' | 'footer'
  order: string
  information_Description: string
}

const PLACES = [
  { value: 'footer', label: 'Footer' },
  { value: 'menu', label: "Header's menu" },
]

function InformationFields(props: FieldsProps<InformationDraft>) {
  const { draft, set } = props
  const bind = draftBinder(props)
  return (
    <>
      <TextField label="Name" required maxLength={200} {...bind('information_name')} />
      <div className={styles.pair}>
        <TextField
          label="Path"
          required
          maxLength={80}
          hint={draft.path ? `Read at ${paths.pageDetail(draft.path)}` : 'e.g. shipping-and-returns'}
          {...bind('path')}
        />
        <SelectField
          label="Linked from"
          options={PLACES}
          value={draft.placeArea}
          onChange={(e) => set({ placeArea: e.target.value === 'menu' ? 'menu' : 'footer' })}
        />
        <TextField label="Order" inputMode="numeric" hint="Lower numbers come first." {...bind('order')} />
      </div>
      <TextAreaField label="Body (HTML)" rows={14} hint={HTML_HINT} {...bind('information_Description')} />
    </>
  )
}

/** Information pages: name, path, menu or footer placement, order and body; read at /pagedetail/{path}. */
export const INFORMATION_KIND: ContentKindSpec<InformationPage, InformationDraft> = {
  kind: 'information',
  noun: 'information page',
  schema: InformationBody,
  draftOf: (p) => ({
    ...textsOf(p, ['information_name', 'path']),
    placeArea: p?.placeArea ?? 'footer',
    order: String(p?.order ?? 0),
    ...textsOf(p, ['information_Description']),
  }),
  bodyOf: (d) => ({
    information_name: d.information_name,
    path: d.path.trim(),
    placeArea: d.placeArea,
    order: orderOf(d.order),
    information_Description: d.information_Description,
  }),
  Fields: InformationFields,
  preview: (d, previews) =>
    previews.information({ title: d.information_name, html: d.information_Description }),
  titleOf: (p) => p.information_name,
  publicPath: (p) => paths.pageDetail(p.path),
}
