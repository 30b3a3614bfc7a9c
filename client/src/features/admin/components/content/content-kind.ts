import type { ComponentType, ReactNode } from 'react'
import type { TSchema } from '@sinclair/typebox'
import type { Blog, Faq } from '@bookstrut/schemas'
import type { ContentKind } from '../../api/admin-content'
import type { FieldErrors } from '../../model/schema-errors'

/**
 * How the public pages render an entry, given by the app (features do not import each other): the editors preview
 * a draft through exactly these components, the ones the public pages use, with the same sanitizing SafeHtml.
 */
export interface ContentPreviews {
  faq: (faq: Pick<Faq, 'question' | 'answer' | 'updatedAt' | 'relatedLinks'>) => ReactNode
  blog: (
    post: Pick<Blog, 'title' | 'updatedAt' | 'content' | 'sections' | 'summary' | 'relatedLinks'>,
  ) => ReactNode
  information: (page: { title: string; html: string }) => ReactNode
  featuredVideo: (link: string) => ReactNode
}

/** What every stored entry has that the list and the publish switch read. */
export interface EntryBase {
  _id: string
  isActive: boolean
  updatedAt: string
}

/** The props of a kind's form fields: the draft, a setter for some of its fields, and the problems by body path. */
export interface FieldsProps<Draft> {
  draft: Draft
  set: (patch: Partial<Draft>) => void
  errors: FieldErrors
}

/**
 * One kind of content as the editors handle it: its form (a draft of strings and lists), the request body the draft
 * makes (checked with the server's schema), its preview and where visitors read it.
 */
export interface ContentKindSpec<Entry extends EntryBase, Draft> {
  kind: ContentKind
  /** 'FAQ', 'blog post', 'information page' */
  noun: string
  /** the create body's schema (schemas/src/content.ts), the one the server validates with */
  schema: TSchema
  draftOf: (entry: Entry | undefined) => Draft
  /** the body to send, without isActive (the editor adds it) */
  bodyOf: (draft: Draft) => Record<string, unknown>
  Fields: ComponentType<FieldsProps<Draft>>
  preview: (draft: Draft, previews: ContentPreviews, updatedAt: string) => ReactNode
  titleOf: (entry: Entry) => string
  /** the public address of a published entry */
  publicPath: (entry: Entry) => string
}
