import Foundation
import CLibXML2
import CCmarkGFM
import CYAML
func _probe() -> Int32 { cmark_version() + Int32(yaml_get_version_string() == nil ? 0 : 1) }
