/* The inline script of an --interactive SVG (svg_native.c), like
 * flamegraph.pl's: click a frame to zoom to it (click the background or
 * "Reset zoom" to go back), Ctrl+F or "Search" for a regular expression:
 * matching frames turn magenta and the share of the time they cover is
 * shown. A graph taller than the window opens scrolled to its root.
 * The script only adds its controls when it runs, so where scripts
 * never run (an SVG in <img>, as GitHub shows it) the image is exactly the
 * static one. No external resources. Keep it free of "]]>" (CDATA). */
#include "render/svg_native.h"

const char fc_svg_script_style[] = ".bars path{cursor:pointer}\n"
				   ".fc-ctl{cursor:pointer;fill:#3366cc}\n"
				   ".bars .fc-hit{stroke:#e600e6}\n";

const char fc_svg_script[] =
	"(function(){\n"
	"var NS='http://www.w3.org/2000/svg',svg=document.documentElement;\n"
	"var frames=[].slice.call(document.querySelectorAll('.bars path'));\n"
	"var labels=[].slice.call(document.querySelectorAll('.labels'));\n"
	"var grid=[].slice.call(document.querySelectorAll('.grid,.r'));\n"
	"var W=parseFloat(svg.getAttribute('width')),zl=null,zoomed=null,re=null;\n"
	/* a frame: <path d="Mx ymidhw"> stroked as wide as the box is high; a
	 * group of narrow boxes of one frame: more subpaths, "mdx dyhw" each */
	"function segs(d){var r=/([Mm])(\\S+?) (\\S+?)h([^mM]+)/g,m,x=0,y=0,o=[];\n"
	" while((m=r.exec(d))){if(m[1]==='M'){x=+m[2];y=+m[3];}else{x+=+m[2];y+=+m[3];}\n"
	"  o.push({x:x,ym:y,w:+m[4]});x+=+m[4];}return o;}\n"
	"frames.forEach(function(g){var d=g.getAttribute('d'),\n"
	" h=+(g.getAttribute('stroke-width')||g.closest('.bars').getAttribute('stroke-width')),\n"
	" t=g.querySelector('title');\n"
	" g.fc={d:d,segs:segs(d),h:h,name:t?t.textContent.split('\\n')[0]:''};g.cur=g.fc.segs;\n"
	/* grey boxes in a group: each zoomed box is labelled as merged frames */
	" g.fc.grey=g.fc.segs.length>1&&/^\\d+ grey boxes /.test(g.fc.name);});\n"
	"function ctl(x,anchor,txt,fn){var t=document.createElementNS(NS,'text');\n"
	" t.setAttribute('x',x);t.setAttribute('y',16);t.setAttribute('class','fc-ctl');\n"
	" t.setAttribute('text-anchor',anchor);t.textContent=txt;\n"
	" if(fn)t.addEventListener('click',function(e){e.stopPropagation();fn();});\n"
	" svg.appendChild(t);return t;}\n"
	"var reset=ctl(W-fcPlotX-100,'end','',unzoom);\n"
	"var search=ctl(W-fcPlotX,'end','Search',ask);\n"
	"var matched=ctl(W-fcPlotX,'end','',null);matched.setAttribute('y',30);\n"
	"var cw=null;\n"
	"function charw(){if(cw)return cw;var t=document.createElementNS(NS,'text');\n"
	" t.textContent='abcdefghijklmnopqrstuvwxyz';svg.appendChild(t);\n"
	" cw=t.getComputedTextLength()/26||6;svg.removeChild(t);return cw;}\n"
	"function fit(s,w){var n=Math.floor(w/charw());if(n>=s.length)return s;\n"
	" if(n<3)return '';return s.slice(0,n-1)+'\\u2026';}\n"
	"function zoom(g,z){zoomed=g;var a=z.x,b=a+z.w,k=fcPlotW/(b-a);\n"
	" labels.concat(grid).forEach(function(e){e.style.display='none';});\n"
	" if(!zl){zl=document.createElementNS(NS,'g');zl.setAttribute('class','labels');"
	"svg.insertBefore(zl,labels.length?labels[0]:null);}\n"
	" while(zl.firstChild)zl.removeChild(zl.firstChild);\n"
	" frames.forEach(function(f){var d='';f.cur=f.fc.segs.map(function(s){\n"
	"  var x0=Math.max(s.x,a),x1=Math.min(s.x+s.w,b);\n"
	"  if(x1-x0<=0&&!(s.x>=a&&s.x<b))return null;\n"
	"  var nx=fcPlotX+(x0-a)*k,nw=Math.max((x1-x0)*k,0.5);d+='M'+nx+' '+s.ym+'h'+nw;\n"
	"  var l=fit(f.fc.grey?'frames merged':f.fc.name,nw-8);if(l){var "
	"t=document.createElementNS(NS,'text');\n"
	"   t.setAttribute('x',nx+4);t.setAttribute('y',s.ym+f.fc.h/4);t.textContent=l;\n"
	"   zl.appendChild(t);}\n"
	"  return {x:nx,ym:s.ym,w:nw};});\n"
	"  if(!d){f.style.display='none';return;}f.style.display='';f.setAttribute('d',d);});\n"
	" reset.textContent='Reset zoom';}\n"
	/* the box of a group under the pointer (on screen, zoomed or not) */
	"function pick(g,e){var s=g.fc.segs;if(s.length===1)return s[0];\n"
	" var p=svg.createSVGPoint();p.x=e.clientX;p.y=e.clientY;\n"
	" p=p.matrixTransform(svg.getScreenCTM().inverse());var best=0,bd=Infinity;\n"
	" g.cur.forEach(function(c,i){if(!c)return;var "
	"dx=p.x<c.x?c.x-p.x:p.x>c.x+c.w?p.x-c.x-c.w:0,\n"
	"  dd=dx+100*Math.abs(p.y-c.ym);if(dd<bd){bd=dd;best=i;}});return s[best];}\n"
	"function unzoom(){zoomed=null;if(zl)while(zl.firstChild)zl.removeChild(zl.firstChild);\n"
	" labels.concat(grid).forEach(function(e){e.style.display='';});\n"
	" frames.forEach(function(f){f.style.display='';f.setAttribute('d',f.fc.d);"
	"f.cur=f.fc.segs;});"
	"reset.textContent='';}\n"
	"function find(src){re=null;matched.textContent='';search.textContent='Search';\n"
	" frames.forEach(function(f){f.classList.remove('fc-hit');});\n"
	" if(!src)return;try{re=new RegExp(src);}catch(e){matched.textContent='bad "
	"regex';return;}\n"
	" var "
	"spans=[];frames.forEach(function(f){if(re.test(f.fc.name)){f.classList.add('fc-hit');\n"
	"  f.fc.segs.forEach(function(s){spans.push([s.ym,s.x,s.x+s.w]);});}});\n"
	" spans.sort(function(p,q){return p[1]-q[1];});var sum=0,end=-1;\n"
	" spans.forEach(function(s){var a=Math.max(s[1],end);if(s[2]>a)sum+=s[2]-a;"
	"end=Math.max(end,s[2]);});\n"
	" var cover=sum/fcPlotW*100;search.textContent='Reset search';\n"
	" matched.textContent='Matched: '+cover.toFixed(1)+'%';}\n"
	"function ask(){if(re){find(null);return;}\n"
	" var s=prompt('Search for (regular expression):');if(s)find(s);}\n"
	"frames.forEach(function(g){g.addEventListener('click',function(e){"
	"e.stopPropagation();zoom(g,pick(g,e));});});\n"
	"svg.addEventListener('click',function(){if(zoomed)unzoom();});\n"
	"window.addEventListener('keydown',function(e){if((e.ctrlKey||e.metaKey)&&"
	"(e.key==='f'||e.key==='F')){e.preventDefault();ask();}});\n"
	/* a graph taller than the window opens on its root and widest rows
	 * (the root at the foot of the window, the scale under it; a
	 * sandwich's join in the middle), not on the empty top of its towers */
	"if(fcRootY>0&&fcRootY+48>innerHeight)window.scrollTo(0,fcRootMid?fcRootY-innerHeight/2:"
	"fcRootY+48-innerHeight);\n"
	"window.fcFind=find;window.fcZoom=function(i,j){var "
	"f=frames[i];zoom(f,f.fc.segs[j||0]);};\n"
	"})();\n";
