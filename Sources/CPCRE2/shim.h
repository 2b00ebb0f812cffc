#ifndef AXIOM_CPCRE2_SHIM_H
#define AXIOM_CPCRE2_SHIM_H

// The 8-bit library only: Swift calls the `pcre2_*_8` symbols directly,
// because the un-suffixed names are macros Swift cannot see.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
