// @ts-check
// The page viewer's script (issue 20, item 7). Plain browser JavaScript, served as is by the
// gateway and type-checked by `tsc -p viewer` (checkJs). It never builds HTML from strings: the
// page runs under a CSP that enforces Trusted Types, and segment text is untrusted.
'use strict';

/**
 * @typedef {{ left: number, top: number, width: number, height: number }} BoundingBox
 * @typedef {{
 *   segment_id: string, segment_type: string, bbox: BoundingBox, page_number: number,
 *   page_width: number, page_height: number, markdown: string, content: string, text: string,
 *   confidence: number | null | undefined
 * }} Segment
 * @typedef {{ chunk_id: string, chunk_length: number, segments: Segment[] }} Chunk
 * @typedef {{
 *   task_id: string, status: string, message: string,
 *   output: { chunks: Chunk[], file_name: string | null, page_count: number | null } | null
 * }} Task
 * @typedef {{ kind: 'key', key: string } | { kind: 'signed', query: string }} Access
 */

(function viewer() {
  const KEY_STORAGE = 'folio.apiKey';
  /** Page images fetched at once, nearest first, as pages come near the viewport. */
  const IMAGE_CONCURRENCY = 3;
  /** Polling while the task still runs. */
  const POLL_MS = 2000;
  const TOOLTIP_TEXT_CHARS = 400;

  /** @param {string} id @returns {HTMLElement} */
  function byId(id) {
    const element = document.getElementById(id);
    if (element === null) throw new Error(`viewer page lacks #${id}`);
    return element;
  }

  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag @param {string} [className] @param {string} [text]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function make(tag, className, text) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  }

  const pathMatch = /^\/viewer\/([^/]+)\/?$/.exec(location.pathname);
  const taskId = pathMatch?.[1] ? decodeURIComponent(pathMatch[1]) : '';
  const encodedId = encodeURIComponent(taskId);
  const search = new URLSearchParams(location.search);
  const signature = search.get('signature');
  const expires = search.get('expires');

  const statusLine = byId('status');
  const keyForm = /** @type {HTMLFormElement} */ (byId('key-form'));
  const keyInput = /** @type {HTMLInputElement} */ (byId('key-input'));
  const keyError = byId('key-error');
  const viewerMain = byId('viewer');
  const pagesPanel = byId('pages');
  const chunksPanel = byId('chunks');
  const tooltip = byId('tooltip');

  /** An answer of 401 or 403: the credential is wrong or the link expired. */
  class CredentialError extends Error {}

  /** @returns {Access | null} */
  function currentCredential() {
    if (signature !== null && expires !== null) {
      return { kind: 'signed', query: new URLSearchParams({ expires, signature }).toString() };
    }
    const key = sessionStorage.getItem(KEY_STORAGE);
    return key ? { kind: 'key', key } : null;
  }

  /**
   * A GET of one of this origin's paths with the credential: the API key as a Bearer header, or
   * the signed link's query.
   * @param {Access} credential @param {string} apiPath @param {string} signedPath
   */
  async function authedFetch(credential, apiPath, signedPath) {
    const response =
      credential.kind === 'key'
        ? await fetch(apiPath, { headers: { Authorization: `Bearer ${credential.key}` }, cache: 'no-store' })
        : await fetch(`${signedPath}?${credential.query}`, { cache: 'no-store' });
    if (response.status === 401 || response.status === 403) throw new CredentialError(await response.text());
    return response;
  }

  /** @param {Access} credential @returns {Promise<Task>} */
  async function loadTask(credential) {
    // With a key the page reads the public API itself; a signed link reads the same shape here.
    const response = await authedFetch(credential, `/api/v1/task/${encodedId}`, `/viewer/${encodedId}/task`);
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return /** @type {Task} */ (await response.json());
  }

  function showKeyForm(/** @type {string} */ error) {
    viewerMain.hidden = true;
    keyForm.hidden = false;
    keyError.textContent = error;
    statusLine.textContent = '';
    keyInput.focus();
  }

  keyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const key = keyInput.value.trim();
    if (!key) return;
    sessionStorage.setItem(KEY_STORAGE, key);
    keyInput.value = '';
    keyForm.hidden = true;
    void start();
  });

  byId('forget-key').addEventListener('click', () => {
    sessionStorage.removeItem(KEY_STORAGE);
    location.reload();
  });

  byId('share').addEventListener('click', () => {
    void shareLink();
  });

  async function shareLink() {
    const credential = currentCredential();
    if (credential?.kind !== 'key') return;
    const response = await fetch(`/viewer/${encodedId}/link`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${credential.key}` },
    });
    if (!response.ok) {
      statusLine.textContent = `Could not make a link: ${await response.text()}`;
      return;
    }
    const link = /** @type {{ url: string, expires_at: string }} */ (await response.json());
    const input = /** @type {HTMLInputElement} */ (byId('share-url'));
    input.value = link.url;
    byId('share-expiry').textContent = `valid until ${new Date(link.expires_at).toLocaleString()}`;
    byId('share-box').hidden = false;
    input.select();
  }

  /** @param {number | null | undefined} confidence */
  function formatConfidence(confidence) {
    return typeof confidence === 'number' ? confidence.toFixed(2) : 'n/a';
  }

  /** @param {Segment} segment @param {MouseEvent} event */
  function showTooltip(segment, event) {
    byId('tooltip-head').textContent = `${segment.segment_type} · confidence ${formatConfidence(segment.confidence)}`;
    const text = segment.text || segment.content || '';
    byId('tooltip-text').textContent =
      text.length > TOOLTIP_TEXT_CHARS ? `${text.slice(0, TOOLTIP_TEXT_CHARS)}…` : text;
    tooltip.hidden = false;
    moveTooltip(event);
  }

  /** @param {MouseEvent} event */
  function moveTooltip(event) {
    const margin = 14;
    const width = tooltip.offsetWidth;
    const height = tooltip.offsetHeight;
    const left = Math.min(event.clientX + margin, window.innerWidth - width - 4);
    const top =
      event.clientY + margin + height > window.innerHeight ? event.clientY - height - margin : event.clientY + margin;
    // CSSOM assignments: style-src governs style attributes in markup, not these.
    tooltip.style.left = `${Math.max(4, left)}px`;
    tooltip.style.top = `${Math.max(4, top)}px`;
  }

  /** @type {HTMLElement[][]} boxes of each chunk, by chunk index */
  let boxesByChunk = [];
  /** @type {HTMLElement[]} */
  let chunkItems = [];
  let selected = -1;

  /** Highlights the chunk's segments and marks the chunk; the same chunk again clears it. */
  function selectChunk(/** @type {number} */ index, /** @type {boolean} */ scrollToPage) {
    const next = index === selected ? -1 : index;
    for (const box of boxesByChunk[selected] ?? []) box.classList.remove('highlight');
    chunkItems[selected]?.classList.remove('selected');
    chunkItems[selected]?.setAttribute('aria-pressed', 'false');
    selected = next;
    viewerMain.classList.toggle('has-selection', selected >= 0);
    if (selected < 0) return;
    const boxes = boxesByChunk[selected] ?? [];
    for (const box of boxes) box.classList.add('highlight');
    const item = chunkItems[selected];
    item?.classList.add('selected');
    item?.setAttribute('aria-pressed', 'true');
    if (scrollToPage) boxes[0]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    else item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  /** @param {Chunk[]} chunks */
  function renderLegend(chunks) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const chunk of chunks)
      for (const segment of chunk.segments)
        counts.set(segment.segment_type, (counts.get(segment.segment_type) ?? 0) + 1);
    const legend = byId('legend');
    legend.replaceChildren();
    for (const [type, count] of counts) {
      const item = make('span', 'legend-item', `${type} ${count}`);
      item.dataset.type = type;
      legend.append(item);
    }
  }

  /**
   * Draws the pages with one box per segment, placed in percent of the page so they stay on the
   * image at any width (segment boxes are in the page image's pixels, page_width x page_height).
   * @param {Task} task @param {Access} credential
   */
  function renderTask(task, credential) {
    const chunks = task.output?.chunks ?? [];
    /** @type {Map<number, { width: number, height: number }>} */
    const pageSizes = new Map();
    let pageCount = task.output?.page_count ?? 0;
    for (const chunk of chunks) {
      for (const segment of chunk.segments) {
        pageCount = Math.max(pageCount, segment.page_number);
        if (!pageSizes.has(segment.page_number) && segment.page_width > 0 && segment.page_height > 0) {
          pageSizes.set(segment.page_number, { width: segment.page_width, height: segment.page_height });
        }
      }
    }

    /** @type {HTMLElement[]} */
    const pageElements = [];
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber += 1) {
      const figure = make('figure', 'page');
      figure.dataset.page = String(pageNumber);
      const size = pageSizes.get(pageNumber);
      // Until the image says otherwise: the segments' page size, else US Letter.
      figure.style.aspectRatio = size ? `${size.width} / ${size.height}` : '8.5 / 11';
      figure.append(make('span', 'page-label', `Page ${pageNumber}`));
      pageElements.push(figure);
    }

    boxesByChunk = chunks.map(() => []);
    chunks.forEach((chunk, chunkIndex) => {
      for (const segment of chunk.segments) {
        const figure = pageElements[segment.page_number - 1];
        if (!figure || !(segment.page_width > 0 && segment.page_height > 0)) continue;
        const box = make('div', 'box');
        box.dataset.type = segment.segment_type;
        box.dataset.segmentId = segment.segment_id;
        box.dataset.chunk = String(chunkIndex);
        box.setAttribute('aria-label', `${segment.segment_type} segment`);
        box.style.left = `${(segment.bbox.left / segment.page_width) * 100}%`;
        box.style.top = `${(segment.bbox.top / segment.page_height) * 100}%`;
        box.style.width = `${(segment.bbox.width / segment.page_width) * 100}%`;
        box.style.height = `${(segment.bbox.height / segment.page_height) * 100}%`;
        box.addEventListener('mouseenter', (event) => showTooltip(segment, event));
        box.addEventListener('mousemove', moveTooltip);
        box.addEventListener('mouseleave', () => {
          tooltip.hidden = true;
        });
        box.addEventListener('click', () => selectChunk(chunkIndex, false));
        figure.append(box);
        boxesByChunk[chunkIndex]?.push(box);
      }
    });

    chunkItems = chunks.map((chunk, chunkIndex) => {
      const item = make('article', 'chunk');
      item.tabIndex = 0;
      item.dataset.chunk = String(chunkIndex);
      item.dataset.chunkId = chunk.chunk_id;
      item.setAttribute('role', 'button');
      item.setAttribute('aria-pressed', 'false');
      const head = make('div', 'chunk-head');
      const pages = [...new Set(chunk.segments.map((segment) => segment.page_number))];
      head.append(
        make('strong', '', `Chunk ${chunkIndex + 1}`),
        make(
          'span',
          '',
          `${chunk.segments.length} segment${chunk.segments.length === 1 ? '' : 's'} · ${chunk.chunk_length} tokens · p. ${pages.join(', ')}`,
        ),
      );
      const types = make('span', 'chunk-types');
      for (const segment of chunk.segments) {
        const dot = make('span', 'chunk-type');
        dot.dataset.type = segment.segment_type;
        dot.title = segment.segment_type;
        types.append(dot);
      }
      head.append(types);
      const markdown = chunk.segments
        .map((segment) => segment.markdown || segment.content || segment.text)
        .filter((text) => text)
        .join('\n\n');
      item.append(head, make('pre', 'markdown', markdown));
      item.addEventListener('click', () => selectChunk(chunkIndex, true));
      item.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          selectChunk(chunkIndex, true);
        }
      });
      return item;
    });

    selected = -1;
    pagesPanel.replaceChildren(...pageElements);
    chunksPanel.replaceChildren(...chunkItems);
    if (chunks.length === 0) chunksPanel.append(make('p', 'hint', 'This task has no chunks.'));
    renderLegend(chunks);
    viewerMain.hidden = false;
    loadImagesLazily(pageElements, credential);
  }

  /**
   * Fetches page images (with the credential, which an <img> could not send) as pages come within
   * a screen of the viewport, a few at a time, and shows each through a blob: URL.
   * @param {HTMLElement[]} pages @param {Access} credential
   */
  function loadImagesLazily(pages, credential) {
    /** @type {HTMLElement[]} */
    const queue = [];
    let running = 0;

    async function loadOne(/** @type {HTMLElement} */ figure) {
      const pageNumber = figure.dataset.page ?? '';
      const path = `/viewer/${encodedId}/pages/${pageNumber}`;
      try {
        const response = await authedFetch(credential, path, path);
        if (!response.ok) throw new Error(String(response.status));
        const image = make('img');
        image.alt = `Page ${pageNumber}`;
        image.decoding = 'async';
        image.addEventListener('load', () => {
          // The image's own proportions win over the segments' page size.
          if (image.naturalWidth > 0) figure.style.aspectRatio = `${image.naturalWidth} / ${image.naturalHeight}`;
          figure.dataset.loaded = 'true';
        });
        image.src = URL.createObjectURL(await response.blob());
        figure.prepend(image);
      } catch (error) {
        figure.dataset.loaded = 'error';
        figure.append(
          make('span', 'page-missing', `Page image unavailable (${error instanceof Error ? error.message : 'error'})`),
        );
      }
    }

    function pump() {
      while (running < IMAGE_CONCURRENCY && queue.length > 0) {
        const figure = queue.shift();
        if (!figure) break;
        running += 1;
        void loadOne(figure).finally(() => {
          running -= 1;
          pump();
        });
      }
    }

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          queue.push(/** @type {HTMLElement} */ (entry.target));
        }
        pump();
      },
      { rootMargin: '100% 0px' },
    );
    for (const figure of pages) observer.observe(figure);
  }

  async function start() {
    const credential = currentCredential();
    if (!taskId) {
      statusLine.textContent = 'No task id in the address (expected /viewer/<task_id>).';
      return;
    }
    if (credential === null) {
      showKeyForm('');
      return;
    }
    byId('forget-key').hidden = credential.kind !== 'key';
    byId('share').hidden = credential.kind !== 'key';
    statusLine.textContent = 'Loading…';
    let task;
    try {
      task = await loadTask(credential);
    } catch (error) {
      if (error instanceof CredentialError) {
        if (credential.kind === 'key') sessionStorage.removeItem(KEY_STORAGE);
        showKeyForm(
          credential.kind === 'signed'
            ? `This link no longer works (${error.message}); enter an API key instead.`
            : error.message,
        );
        return;
      }
      statusLine.textContent = `Could not load the task: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    byId('file-name').textContent = task.output?.file_name ?? task.task_id;
    document.title = `${task.output?.file_name ?? task.task_id} · Folio viewer`;
    if (task.status === 'Starting' || task.status === 'Processing') {
      statusLine.textContent = `${task.status}: ${task.message}`;
      setTimeout(() => void start(), POLL_MS);
      return;
    }
    const segmentCount = (task.output?.chunks ?? []).reduce((sum, chunk) => sum + chunk.segments.length, 0);
    statusLine.textContent =
      task.status === 'Succeeded'
        ? `${task.output?.page_count ?? 0} pages · ${task.output?.chunks.length ?? 0} chunks · ${segmentCount} segments`
        : `${task.status}: ${task.message}`;
    statusLine.dataset.status = task.status;
    renderTask(task, credential);
  }

  void start();
})();
