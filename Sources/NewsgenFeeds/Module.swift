import Foundation
import CLibXML2
func _probe() { xmlCheckVersion(20900) }
