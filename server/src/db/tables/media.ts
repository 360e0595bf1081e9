import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. Uploaded files and their perceptual-
 * hash bands.
 */

export interface FilesTable {
  id: Generated<number>;
  name: string;
  storage_key: string;
  ext: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  formats: string | null;
  is_private: number;
  purpose: string | null;
  owner_id: number | null;
  /** SHA-256 (hex) of an anonymous upload's claim token; null once claimed, and for other files. */
  claim_token_hash: string | null;
  /** Keyed hash of an anonymous uploader's address (the daily cap); null once claimed. */
  uploader_hash: string | null;
  /** Perceptual hash (64-bit dHash, hex) of an image, for "the same photo on several accounts". */
  phash: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One band of a picture's perceptual hash (band 0-3, its 16 bits as value 0-65535), written at upload: the
 * same-photo signal finds its candidates by these (`phashBandProbes`), through the index on (band, value).
 */
export interface FilePhashBandsTable {
  file_id: number;
  band: number;
  value: number;
}
