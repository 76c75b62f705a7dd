# usage: send.py FILE [json-extra] -> prints task id and segments
import sys, json, base64, time, urllib.request
key=open('/tmp/key.txt').read().strip()
f=sys.argv[1]
body={'file':base64.b64encode(open(f,'rb').read()).decode(),'file_name':f.split('/')[-1]}
if len(sys.argv)>2: body.update(json.loads(sys.argv[2]))
req=urllib.request.Request('http://127.0.0.1:8000/api/v1/task/parse',data=json.dumps(body).encode(),headers={'Authorization':key,'Content-Type':'application/json'})
t=json.load(urllib.request.urlopen(req))
tid=t['task_id']
while True:
    r=urllib.request.Request(f'http://127.0.0.1:8000/api/v1/task/{tid}',headers={'Authorization':key})
    t=json.load(urllib.request.urlopen(r))
    if t['status'] in ('Succeeded','Failed','Cancelled'): break
    time.sleep(0.3)
print(tid, t['status'], t.get('message'))
for c in (t.get('output') or {}).get('chunks',[]):
    for s in c['segments']:
        b=s['bbox']
        print(s['page_number'], s['segment_type'], [round(b['left']),round(b['top']),round(b['width']),round(b['height'])], round(s.get('confidence') or 0,2), (s.get('content') or '')[:110].replace('\n',' '))
