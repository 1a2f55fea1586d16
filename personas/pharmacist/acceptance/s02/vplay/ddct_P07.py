import csv, statistics as st
rows=list(csv.DictReader(open('lab/qpcr/raw/P07_2027-01-08.csv')))
from collections import defaultdict
g=defaultdict(list)
for r in rows: g[(r['sample'],r['gene'])].append((r['well'],r['ct']))
means={}; excl=[]
for (s,gene),ws in g.items():
    if s=='NTC':
        for w,c in ws: print('NTC',gene,w,c, 'OK' if c=='Undetermined' or float(c)>=35 else 'FLAG')
        continue
    cts=[float(c) for w,c in ws]; med=st.median(cts)
    keep=[(w,c) for (w,_),c in zip(ws,cts) if abs(c-med)<=0.5]
    for (w,_),c in zip(ws,cts):
        if abs(c-med)>0.5: excl.append((w,s,gene,c,med))
    means[(s,gene)]=sum(c for w,c in keep)/len(keep)
    print(s,gene,cts,'median',med,'mean',round(means[(s,gene)],4),'n',len(keep))
print('EXCLUDED',excl)
order=['DMSO_24h','PTX20_24h','DMSO_48h','PTX5_48h','PTX20_48h']
cal={'24':'DMSO_24h','48':'DMSO_48h'}
out=[]
for s in order:
    tp=s.split('_')[1][:-1]
    dct=means[(s,'ABCB1')]-means[(s,'RPLP0')]
    dcal=means[(cal[tp],'ABCB1')]-means[(cal[tp],'RPLP0')]
    ddct=dct-dcal; fc=2**(-ddct)
    out.append([s,'ABCB1',f"{means[(s,'ABCB1')]:.2f}",f"{means[(s,'RPLP0')]:.2f}",f"{dct:.2f}",f"{ddct:.2f}",f"{fc:.2f}"])
    # GAPDH-based for comparison only
    dg=means[(s,'ABCB1')]-means[(s,'GAPDH')]; dgc=means[(cal[tp],'ABCB1')]-means[(cal[tp],'GAPDH')]
    print(s,'fc',round(fc,4),'ddct',round(ddct,4),'| GAPDH-based fc (not used)',round(2**-(dg-dgc),2))
import sys
w=csv.writer(open('lab/qpcr/results/P07_ddct.csv','w',newline=''),lineterminator='\n')
w.writerow(['sample','gene','mean_ct_target','mean_ct_ref','dct','ddct','fold_change'])
w.writerows(out)
print(open('lab/qpcr/results/P07_ddct.csv').read())
