/* Logs every malloc, calloc, realloc, posix_memalign, aligned_alloc and
 * free of a process to $SHIM_LOG, one line each: thread id, op (m c r a f),
 * pointer, size, old pointer. (Rust asks for over-aligned blocks, such as
 * tokio's tasks, with posix_memalign: op `a`.)
 * A diagnostic for glibc's heap layout (BENCHMARKS.md, issue 15's gzip
 * row), not part of any measurement; see bench/malloc_trace/README.md.
 *   gcc -O2 -shared -fPIC -o shim.so shim.c -ldl
 *   SHIM_LOG=trace.log LD_PRELOAD=./shim.so <server> ...
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <fcntl.h>
#include <sys/syscall.h>
static void *(*rmalloc)(size_t); static void (*rfree)(void*); static void *(*rrealloc)(void*,size_t); static void *(*rcalloc)(size_t,size_t);
static int fd=-1; static __thread int busy;
static void lg(char op, void*p, size_t n, void*q){ if(fd<0||busy) return; busy=1; char b[96]; int l=snprintf(b,96,"%ld %c %p %zu %p\n",(long)syscall(SYS_gettid),op,p,n,q); write(fd,b,l); busy=0; }
static void init(void){ if(!rmalloc){ rmalloc=dlsym(RTLD_NEXT,"malloc"); rfree=dlsym(RTLD_NEXT,"free"); rrealloc=dlsym(RTLD_NEXT,"realloc"); rcalloc=dlsym(RTLD_NEXT,"calloc"); } }
static char tmp[65536]; static size_t tmpo;
void *malloc(size_t n){ if(!rmalloc){ if(busy){void*r=tmp+tmpo; tmpo+=(n+15)&~15; return r;} busy=1; init(); busy=0;} void*p=rmalloc(n); lg('m',p,n,0); return p; }
void *calloc(size_t a,size_t b){ if(!rcalloc){ void*r=tmp+tmpo; tmpo+=(a*b+15)&~15; memset(r,0,a*b); return r;} void*p=rcalloc(a,b); lg('c',p,a*b,0); return p; }
void *realloc(void*q,size_t n){ init(); void*p=rrealloc(q,n); lg('r',p,n,q); return p; }
void free(void*p){ if(!p) return; if((char*)p>=tmp && (char*)p<tmp+sizeof tmp) return; init(); lg('f',p,0,0); rfree(p); }
__attribute__((constructor)) static void ctor(void){ const char*f=getenv("SHIM_LOG"); if(f) fd=open(f,O_WRONLY|O_CREAT|O_TRUNC,0644); }
static int (*rpm)(void**,size_t,size_t);
int posix_memalign(void**out,size_t al,size_t n){ if(!rpm) rpm=dlsym(RTLD_NEXT,"posix_memalign"); int r=rpm(out,al,n); if(!r) lg('a',*out,n,0); return r; }
static void *(*ral)(size_t,size_t);
void *aligned_alloc(size_t al,size_t n){ if(!ral) ral=dlsym(RTLD_NEXT,"aligned_alloc"); void*p=ral(al,n); lg('a',p,n,0); return p; }
