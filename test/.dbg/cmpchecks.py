import json,sys
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
def m(r):
    out={}
    for d in r['checks']['documents']:
        for i,c in enumerate(d['checks']): out[(d['file'],i,c['check'])]=c.get('passed')
    return out
A,B=m(a),m(b)
for k in sorted(set(A)|set(B)):
    if A.get(k)!=B.get(k): print('GAINED' if B.get(k) else 'LOST', k[0], k[2][:120])
