#pragma once

class Client;
