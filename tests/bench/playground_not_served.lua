-- wrk script for scripts/bench-playground's ceiling row: the answer request's shape (a POST with the same JSON body)
-- sent to a path the server does not serve, so it is answered 404 without parsing, a unit or a transaction. What
-- this reaches is the most requests per second HTTP alone allows on the machine with wrk on the same cores.
wrk.method = "POST"
wrk.body = '{"learner":"0123456789abcdef0123456789abcdef","session":12345,"sequence":3,"choice":0}'
wrk.headers["Content-Type"] = "application/json"
