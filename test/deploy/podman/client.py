"""The deployment test's client: the official Python SDK (chunkr-ai 0.3.7) against the published
gateway (CHUNKR_URL, CHUNKR_API_KEY). One JSON object per line on stdout.

  client.py submit FILE...            create a task per file, do not wait: {"task_id", "file", "seconds"}
  client.py wait TIMEOUT_SEC ID...    poll until every task is final: {"task_id", "status", "message", "pages"}
  client.py status ID...              each task's status now: {"task_id", "status"}
  client.py read ID...                read each task and download its PDF: {"task_id", "status", "chunks", "pdf_bytes", "pdf_is_pdf"}
"""
import json
import sys
import time

import httpx
from chunkr_ai import Chunkr

FINAL = {"Succeeded", "Failed", "Cancelled"}
HTTP_TIMEOUT_SEC = 60


def emit(**fields):
    print(json.dumps(fields), flush=True)


def submit(chunkr, files):
    for path in files:
        started = time.monotonic()
        task = chunkr.create_task(path)
        emit(task_id=task.task_id, file=path, seconds=round(time.monotonic() - started, 3))


def wait(chunkr, timeout_sec, task_ids):
    deadline = time.monotonic() + timeout_sec
    pending = list(task_ids)
    while pending:
        for task_id in list(pending):
            # A gateway or Temporal restart may refuse a poll for a moment; the next poll asks again.
            try:
                task = chunkr.get_task(task_id, include_chunks=False)
            except (httpx.HTTPError, ValueError) as error:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{task_id}: {error}") from error
                continue
            status = task.status.value
            if status in FINAL or time.monotonic() > deadline:
                pages = task.output.page_count if task.output else None
                emit(task_id=task_id, status=status, message=task.message, pages=pages)
                pending.remove(task_id)
        time.sleep(0.5)


def status(chunkr, task_ids):
    for task_id in task_ids:
        emit(task_id=task_id, status=chunkr.get_task(task_id, include_chunks=False).status.value)


def read(chunkr, task_ids):
    for task_id in task_ids:
        task = chunkr.get_task(task_id)
        output = task.output
        pdf = httpx.get(output.pdf_url, timeout=30) if output and output.pdf_url else None
        emit(
            task_id=task_id,
            status=task.status.value,
            chunks=len(output.chunks) if output else 0,
            pdf_status=pdf.status_code if pdf else None,
            pdf_bytes=len(pdf.content) if pdf else 0,
            pdf_is_pdf=bool(pdf and pdf.content.startswith(b"%PDF")),
        )


def main():
    command, args = sys.argv[1], sys.argv[2:]
    chunkr = Chunkr(raise_on_failure=False)
    # The client's own httpx default is 5 s per request. The test runs every container on two cores,
    # and a create answered later than that while the batch before still loads the CPU is slow, not
    # lost: submit prints each create's seconds, and the test logs the slowest.
    chunkr._client = httpx.AsyncClient(timeout=HTTP_TIMEOUT_SEC)
    try:
        if command == "submit":
            submit(chunkr, args)
        elif command == "wait":
            wait(chunkr, float(args[0]), args[1:])
        elif command == "status":
            status(chunkr, args)
        elif command == "read":
            read(chunkr, args)
        else:
            raise SystemExit(f"unknown command {command}")
    finally:
        chunkr.close()


if __name__ == "__main__":
    main()
