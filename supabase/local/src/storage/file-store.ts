/**
 * The object files on disk: `<filesDir>/<bucket>/<version>`, one file per stored version (the version is a UUID the
 * service makes, never a name from the request, so no object name reaches the file system). An upload is written to
 * a temporary file first and moved into place inside the database transaction that records it; the version it
 * replaces is removed only after that transaction commits.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface StagedFile {
  tempPath: string;
  size: number;
  /** The MD5 of the content, as Storage's eTag (quoted). */
  eTag: string;
}

export class FileStore {
  constructor(private readonly root: string) {
    // Staged files are the uploads of one running service: any found at start-up were left by one that stopped
    // mid-upload (never recorded), and nothing else would ever remove them.
    fs.rmSync(path.join(root, '.incoming'), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, '.incoming'), { recursive: true });
  }

  private filePath(bucketId: string, version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.root, encodeURIComponent(bucketId), version);
  }

  async stage(content: Buffer): Promise<StagedFile> {
    const tempPath = path.join(this.root, '.incoming', randomUUID());
    try {
      await fs.promises.writeFile(tempPath, content);
    } catch (error) {
      // A write that failed part-way (disk full) leaves no partial file behind.
      await fs.promises.rm(tempPath, { force: true });
      throw error;
    }
    return { tempPath, size: content.length, eTag: `"${createHash('md5').update(content).digest('hex')}"` };
  }

  /** Moves a staged file to its version's place. */
  async place(staged: StagedFile, bucketId: string, version: string): Promise<void> {
    const target = this.filePath(bucketId, version);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(staged.tempPath, target);
  }

  async discardStaged(staged: StagedFile): Promise<void> {
    await fs.promises.rm(staged.tempPath, { force: true });
  }

  async remove(bucketId: string, version: string | null): Promise<void> {
    if (!version) return;
    await fs.promises.rm(this.filePath(bucketId, version), { force: true });
  }

  open(bucketId: string, version: string): fs.ReadStream {
    return fs.createReadStream(this.filePath(bucketId, version));
  }
}
