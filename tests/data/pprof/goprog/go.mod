module example.com/goprog

go 1.19

require example.com/checksum v1.0.0
