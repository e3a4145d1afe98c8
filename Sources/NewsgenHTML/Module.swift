import Foundation
import CLibXML2
import CCmarkGFM
import CYAML
let _a = cmark_version()
let _b = yaml_get_version_string()
