import json,sys
for f in sys.argv[1:]:
    r=json.load(open(f))
    for e in r['formulas']['engines']:
        for v in e['variants']:
            s=v.get('summary') or {k:v[k] for k in v if k!='pages'}
            print(f.split('/')[-1], e.get('engine') or e.get('name'), v.get('variant'), {k:(round(x,3) if isinstance(x,float) else x) for k,x in s.items() if k in ('displayFound','displayMatchRate','inlineMatchRate')} )
