import JSZip from 'jszip';

/**
 * The parts of a Word file that hold text a reviser may have changed: the body, headers, footers,
 * footnotes, endnotes and comments.
 */
const TEXT_PARTS = /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/u;

/** Whether a part holds a tracked insertion, deletion or move. */
const HAS_REVISIONS = /<w:(?:ins|del|moveFrom|moveTo)\b/u;

/**
 * WordprocessingML with every tracked change accepted: deleted and moved-away runs gone, inserted
 * and moved-to runs kept as plain text, the formatting a change replaced forgotten. LibreOffice
 * draws tracked changes as they show in review (deletions struck through), so without this the
 * deleted words would be read as the document's text.
 */
export function acceptRevisions(xml: string): string {
  return (
    xml
      // A deleted or moved-away stretch, with its runs (w:del and w:moveFrom do not nest).
      .replace(/<w:(del|moveFrom)\b[^>]*?\/>|<w:(del|moveFrom)\b[^>]*>[\s\S]*?<\/w:\2>/gu, '')
      // The formatting or numbering a change replaced.
      .replace(/<w:(rPrChange|pPrChange|sectPrChange|tblPrChange|trPrChange|tcPrChange)\b[^>]*>[\s\S]*?<\/w:\1>/gu, '')
      // An inserted paragraph mark, and the wrappers of inserted and moved-to runs.
      .replace(/<w:(?:ins|moveTo)\b[^>]*?\/>|<w:(?:ins|moveTo)\b[^>]*>|<\/w:(?:ins|moveTo)>/gu, '')
  );
}

/**
 * A Word file (DOCX and its kin) with its tracked changes accepted, or null when it has none or is
 * not a readable zip (LibreOffice then gets the file as it came).
 */
export async function acceptTrackedChanges(bytes: Uint8Array): Promise<Uint8Array | null> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return null;
  }
  let changed = false;
  for (const name of Object.keys(zip.files).filter((file) => TEXT_PARTS.test(file))) {
    const xml = await zip.file(name)!.async('string');
    if (!HAS_REVISIONS.test(xml)) continue;
    zip.file(name, acceptRevisions(xml));
    changed = true;
  }
  return changed ? zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }) : null;
}
