import { BlogBody, type Blog, type BlogSection, type RelatedLink } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { TextAreaField, TextField } from '@/components/ui/field'
import { paths } from '@/config/paths'
import { errorAt } from '../../model/schema-errors'
import type { ContentKindSpec, FieldsProps } from './content-kind'
import { draftBinder, HTML_HINT, textsOf } from './draft-parts'
import { RelatedLinksField } from './related-links-field'
import styles from './content-editors.module.css'

interface BlogDraft {
  title: string
  slug: string
  summary: string
  excerpt: string
  content: string
  sections: BlogSection[]
  category: string
  seoTitle: string
  seoDescription: string
  seoKeywords: string
  relatedLinks: RelatedLink[]
}

const MAX_SECTIONS = 30

function SectionsField({ draft, set, errors }: FieldsProps<BlogDraft>) {
  const setAt = (i: number, patch: Partial<BlogSection>) =>
    set({ sections: draft.sections.map((s, j) => (j === i ? { ...s, ...patch } : s)) })
  return (
    <fieldset className={styles.group}>
      <legend>Sections</legend>
      {draft.sections.length === 0 && <p className="muted">None: the post is its content alone.</p>}
      {draft.sections.map((section, i) => (
        <div key={i} className="stack" role="group" aria-label={`Section ${i + 1}`}>
          <TextField
            label={`Section ${i + 1} subtitle`}
            maxLength={300}
            value={section.subtitle}
            error={errors[`/sections/${i}/subtitle`]}
            onChange={(e) => setAt(i, { subtitle: e.target.value })}
          />
          <TextAreaField
            label={`Section ${i + 1} text (HTML)`}
            rows={6}
            value={section.subcontent}
            error={errors[`/sections/${i}/subcontent`]}
            onChange={(e) => setAt(i, { subcontent: e.target.value })}
          />
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => set({ sections: draft.sections.filter((_, j) => j !== i) })}
            >
              Remove section {i + 1}
            </Button>
          </div>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={draft.sections.length >= MAX_SECTIONS}
        onClick={() => set({ sections: [...draft.sections, { subtitle: '', subcontent: '' }] })}
      >
        Add a section
      </Button>
    </fieldset>
  )
}

function BlogFields(props: FieldsProps<BlogDraft>) {
  const { draft, set, errors } = props
  const bind = draftBinder(props)
  const text = (
    field: 'title' | 'slug' | 'category' | 'seoTitle',
    label: string,
    max: number,
    hint?: string,
  ) => <TextField label={label} required={field === 'title'} maxLength={max} hint={hint} {...bind(field)} />
  return (
    <>
      {text('title', 'Title', 300)}
      <div className={styles.pair}>
        {text(
          'slug',
          'Slug',
          120,
          draft.slug ? `Read at ${paths.blogPost(draft.slug)}` : 'Empty: made from the title.',
        )}
        {text('category', 'Category', 80, 'Empty: General.')}
      </div>
      <TextAreaField label="Content (HTML)" rows={12} hint={HTML_HINT} {...bind('content')} />
      <SectionsField {...props} />
      <TextAreaField
        label="Summary"
        rows={3}
        hint="Shown in the Summary box at the end of the post."
        {...bind('summary')}
      />
      <TextAreaField
        label="Excerpt"
        rows={2}
        hint="The blog list's card text (empty: the start of the content)."
        {...bind('excerpt')}
      />
      <RelatedLinksField
        links={draft.relatedLinks}
        onChange={(relatedLinks) => set({ relatedLinks })}
        errors={errors}
      />
      <fieldset className={styles.group}>
        <legend>Search engines</legend>
        {text('seoTitle', 'SEO title', 200, 'Empty: the title.')}
        <TextAreaField label="SEO description" rows={2} {...bind('seoDescription')} />
        <TextField
          label="SEO keywords"
          hint="Separated by commas."
          value={draft.seoKeywords}
          error={errorAt(errors, '/seoKeywords')}
          onChange={(e) => set({ seoKeywords: e.target.value })}
        />
      </fieldset>
    </>
  )
}

/** Blog posts: title, slug, content, sections, summary, related resources and SEO fields; read at /blog/{slug}. */
export const BLOG_KIND: ContentKindSpec<Blog, BlogDraft> = {
  kind: 'blog',
  noun: 'blog post',
  schema: BlogBody,
  draftOf: (post) => ({
    ...textsOf(post, ['title', 'slug', 'summary', 'excerpt', 'content']),
    sections: post?.sections ?? [],
    ...textsOf(post, ['category', 'seoTitle', 'seoDescription']),
    seoKeywords: (post?.seoKeywords ?? []).join(', '),
    relatedLinks: post?.relatedLinks ?? [],
  }),
  bodyOf: (d) => ({
    title: d.title,
    // Left out when empty: the server makes one from the title (or keeps the post's own).
    ...(d.slug.trim() ? { slug: d.slug.trim() } : {}),
    ...(d.category.trim() ? { category: d.category.trim() } : {}),
    summary: d.summary,
    excerpt: d.excerpt,
    content: d.content,
    sections: d.sections,
    seoTitle: d.seoTitle,
    seoDescription: d.seoDescription,
    seoKeywords: d.seoKeywords
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    relatedLinks: d.relatedLinks,
  }),
  Fields: BlogFields,
  preview: (d, previews, updatedAt) =>
    previews.blog({
      title: d.title,
      updatedAt,
      content: d.content,
      sections: d.sections,
      summary: d.summary,
      relatedLinks: d.relatedLinks,
    }),
  titleOf: (post) => post.title,
  publicPath: (post) => paths.blogPost(post.slug),
}
