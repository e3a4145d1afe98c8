#ifndef NEWSGEN_CYAML_SHIM_H
#define NEWSGEN_CYAML_SHIM_H
#include <yaml.h>
#endif
