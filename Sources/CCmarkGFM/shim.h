/* cmark-gfm: CommonMark with GitHub's extensions (tables, strikethrough, task lists,
   autolinks), for rendering journal entries. Debian's libcmark-gfm-dev and
   libcmark-gfm-extensions-dev. */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
