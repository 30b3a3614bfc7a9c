/** A cover or podblurb a bulk import stored, and the SHA-256 of the source file it came from. */
export interface ImportedMediaTable {
  source_id: string
  kind: 'cover' | 'audio'
  sha256: string
  url: string
}
