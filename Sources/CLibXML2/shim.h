#ifndef NEWSGEN_CLIBXML2_SHIM_H
#define NEWSGEN_CLIBXML2_SHIM_H
/* libxml2 built with ICU clashes with Foundation's own ICU module
   ("'UErrorCode' has different definitions"): read the version header first
   and switch the ICU parts off before anything else is included. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlstring.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlsave.h>
#include <libxml/uri.h>
#include <libxml/xpath.h>
#endif
