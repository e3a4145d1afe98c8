import Foundation
import CLibXML2
let _v = xmlParserVersion
