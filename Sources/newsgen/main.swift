print("newsgen")
