"""Runs the reference client's flows against the service (CHUNKR_URL, CHUNKR_API_KEY).

Usage: flows.py <dir with report.pdf>  -- prints one JSON object per flow, and exits non-zero on the
first broken expectation.
"""
import json
import shutil
import sys
import time
from pathlib import Path

import httpx
from chunkr_ai import Chunkr
from chunkr_ai.models import Configuration, SegmentationStrategy


def report(flow, **fields):
    print(json.dumps({"flow": flow, **fields}), flush=True)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def status_of(error):
    return error.response.status_code if isinstance(error, httpx.HTTPStatusError) else None


def main():
    folder = Path(sys.argv[1])
    pdf = folder / "report.pdf"
    chunkr = Chunkr()

    # create from a file path, poll to Succeeded, read chunks
    task = chunkr.upload(str(pdf))
    expect(task.status == "Succeeded", f"upload ended {task.status}: {task.message}")
    segments = [s for c in task.output.chunks for s in c.segments]
    expect(len(task.output.chunks) > 0 and len(segments) > 0, "no chunks")
    expect(all(s.segment_type.value != "Page" for s in segments), "LayoutAnalysis gave Page segments")
    expect("Section 1" in task.markdown(), "markdown lacks the heading text")
    expect(task.output.page_count == 2, f"page_count {task.output.page_count}")
    report("upload", task_id=task.task_id, chunks=len(task.output.chunks), segments=len(segments))

    # update to segmentation_strategy Page
    updated = chunkr.update(task.task_id, Configuration(segmentation_strategy=SegmentationStrategy.PAGE))
    expect(updated.status == "Succeeded", f"update ended {updated.status}: {updated.message}")
    expect(updated.task_id == task.task_id, "update changed the task id")
    page_segments = [s for c in updated.output.chunks for s in c.segments]
    expect(len(page_segments) == 2 and all(s.segment_type.value == "Page" for s in page_segments), "update did not give Page segments")
    expect(updated.configuration.segmentation_strategy == SegmentationStrategy.PAGE, "configuration not merged")
    report("update", segments=len(page_segments))

    # cancel right after create
    created = chunkr.create_task(str(pdf))
    try:
        chunkr.cancel_task(created.task_id)
        cancelled = chunkr.get_task(created.task_id)
        expect(cancelled.status == "Cancelled", f"cancelled task is {cancelled.status}")
        expect(cancelled.message == "Task cancelled", f"cancel message {cancelled.message}")
        report("cancel", outcome="cancelled")
    except httpx.HTTPStatusError as error:
        # The worker may already have picked the task up: then the refusal must name the state.
        expect(status_of(error) == 400, f"cancel answered {status_of(error)}")
        expect(error.response.text == "Task cannot be cancelled: status is Processing", error.response.text)
        report("cancel", outcome="refused-processing")

    # delete, then the task is gone
    chunkr.delete_task(task.task_id)
    try:
        chunkr.get_task(task.task_id)
        raise AssertionError("deleted task still answers")
    except httpx.HTTPStatusError as error:
        expect(status_of(error) == 404 and error.response.text == "Task not found", f"after delete: {status_of(error)} {error.response.text}")
    report("delete")

    # a PDF named document.docx is still a PDF
    docx = folder / "document.docx"
    shutil.copy(pdf, docx)
    named = chunkr.upload(str(docx))
    expect(named.status == "Succeeded", f"document.docx ended {named.status}: {named.message}")
    expect(named.output.file_name == "document.docx", f"file_name {named.output.file_name}")
    report("pdf-named-docx", task_id=named.task_id)

    # expires_in = 10, then 404
    expiring = chunkr.upload(str(pdf), Configuration(expires_in=10))
    expect(expiring.status == "Succeeded", f"expiring task ended {expiring.status}")
    expect(expiring.expires_at is not None, "expires_at not set")
    deadline = time.time() + 40
    gone = False
    while time.time() < deadline and not gone:
        time.sleep(1)
        try:
            chunkr.get_task(expiring.task_id)
        except httpx.HTTPStatusError as error:
            gone = status_of(error) == 404
    expect(gone, "task did not expire")
    report("expiry")
    chunkr.close()


if __name__ == "__main__":
    main()
